import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { TextField } from '../../shared/form/fields';
import { useCreateContactMutation, useUpdateContactMutation, type Contact } from './api';
import { validateContact, type ContactFieldError, type ContactFormErrors } from './validation';

export interface ContactFormInitial {
  id?: number;
  name?: string;
  number?: string;
  email?: string;
  extraInfo?: Array<{ name: string; value: string }>;
}

export interface ContactFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** An existing contact (with id) is edited; without an id the values prefill a new one. */
  initial?: ContactFormInitial;
  onSaved?: (contact: Contact) => void;
}

const errorKeys: Record<ContactFieldError, MessageKey> = {
  required: 'contactForm.required',
  tooShort: 'contactForm.tooShort',
  tooLong: 'contactForm.tooLong',
  invalidEmail: 'contactForm.invalidEmail',
};

type Values = { name: string; number: string; email: string; extraInfo: Array<{ name: string; value: string }> };

/** The contact form: name, number, email and extra info fields. */
export function ContactFormDialog({ open, onClose, initial, onSaved }: ContactFormDialogProps) {
  const t = useT();
  const showError = useErrorToast();
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const [values, setValues] = useState<Values>({ name: '', number: '', email: '', extraInfo: [] });
  const [errors, setErrors] = useState<ContactFormErrors>({});

  useEffect(() => {
    if (!open) return;
    setValues({
      name: initial?.name ?? '',
      number: initial?.number ?? '',
      email: initial?.email ?? '',
      extraInfo: (initial?.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
    });
    setErrors({});
    // Filled when the dialog opens; a caller re-rendering with a new `initial` object must not wipe what is typed.
  }, [open]);

  const submit = async () => {
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      name: values.name.trim(),
      number: values.number.trim(),
      email: values.email.trim(),
      extraInfo: values.extraInfo
        .filter((info) => info.name.trim() !== '' || info.value.trim() !== '')
        .map((info) => ({ name: info.name.trim(), value: info.value.trim() })),
    };
    try {
      const saved = initial?.id ? await updateContact({ id: initial.id, ...body }).unwrap() : await createContact(body).unwrap();
      toaster.create({ type: 'success', description: t('contactModal.success') });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const field = (name: 'name' | 'number' | 'email', label: MessageKey, type = 'text') => (
    <TextField
      label={t(label)}
      indicator={name !== 'email'}
      required={name !== 'email'}
      name={name}
      type={type}
      value={values[name]}
      placeholder={name === 'number' ? '5511987654321' : undefined}
      onChange={(typed) => setValues((current) => ({ ...current, [name]: typed }))}
      error={errors[name] && errorKeys[errors[name]]}
      testId={`contact-form-${name}`}
      errorTestId={`contact-form-${name}-error`}
    />
  );

  const setInfo = (index: number, key: 'name' | 'value', value: string) =>
    setValues((current) => ({ ...current, extraInfo: current.extraInfo.map((info, at) => (at === index ? { ...info, [key]: value } : info)) }));

  return (
    <FormDialog
      open={open}
      title={t(initial?.id ? 'contactForm.editTitle' : 'contactForm.addTitle')}
      testId="contact-form-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="contact-form-save"
      scrollInside
    >
      <Stack gap="4">
        {field('name', 'contactForm.name')}
        {field('number', 'contactForm.number')}
        {field('email', 'contactForm.email', 'email')}
        <Stack gap="2">
          <Text fontWeight="medium" textStyle="sm">
            {t('contactForm.extraInfo')}
          </Text>
          {values.extraInfo.map((info, index) => (
            <HStack key={index} gap="2">
              <Input
                size="sm"
                placeholder={t('contactForm.extraName')}
                value={info.name}
                onChange={(event) => setInfo(index, 'name', event.target.value)}
                data-testid={`contact-form-extra-name-${index}`}
              />
              <Input
                size="sm"
                placeholder={t('contactForm.extraValue')}
                value={info.value}
                onChange={(event) => setInfo(index, 'value', event.target.value)}
                data-testid={`contact-form-extra-value-${index}`}
              />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t('contactForm.removeExtra')}
                onClick={() => setValues((current) => ({ ...current, extraInfo: current.extraInfo.filter((_, at) => at !== index) }))}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => setValues((current) => ({ ...current, extraInfo: [...current.extraInfo, { name: '', value: '' }] }))}
            data-testid="contact-form-add-extra"
          >
            <LuPlus />
            {t('contactForm.addExtra')}
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
