import { Field, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Language } from '@conversa/contracts';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { languages, useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { SelectField } from '../../shared/SelectField';
import { useUpdateUserMutation } from './api';
import { userUpdated } from './sessionSlice';
import { validateProfile, type FieldErrors } from '../../shared/validation';

type ProfileField = 'name' | 'email' | 'password';

/** The user's own profile (avatar menu → user dialog): name, email, optional new password, language. */
export default function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user);
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const [updateUser] = useUpdateUserMutation();
  const [values, setValues] = useState({ name: '', email: '', password: '', language: 'pt-BR' as Language });
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});

  useEffect(() => {
    if (open && user) {
      setValues({ name: user.name, email: user.email, password: '', language: user.language });
      setErrors({});
    }
  }, [open, user]);

  if (!user) return null;

  const submit = async () => {
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = { name: values.name.trim(), email: values.email.trim(), language: values.language };
    try {
      await updateUser({ id: user.id, ...changes, ...(values.password ? { password: values.password } : {}) }).unwrap();
      dispatch(userUpdated(changes));
      toaster.create({ type: 'success', description: t('profile.saved') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const field = (name: ProfileField, type: string, labelKey: 'profile.name' | 'profile.email' | 'profile.password') => (
    <Field.Root invalid={!!errors[name]}>
      <Field.Label>{t(labelKey)}</Field.Label>
      <Input
        name={name}
        type={type}
        value={values[name]}
        autoComplete={name === 'password' ? 'new-password' : name}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      {name === 'password' && !errors.password && <Field.HelperText>{t('profile.passwordHelper')}</Field.HelperText>}
      {errors[name] && <Field.ErrorText>{t(errors[name])}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <FormDialog open={open} title={t('profile.title')} testId="profile-dialog" onClose={onClose} onSubmit={submit} saveTestId="profile-save">
      <Stack gap="4">
        {field('name', 'text', 'profile.name')}
        {field('email', 'email', 'profile.email')}
        {field('password', 'password', 'profile.password')}
        <SelectField
          name="language"
          label={t('profile.language')}
          value={values.language}
          onChange={(language) => setValues((current) => ({ ...current, language: language as Language }))}
          options={languages.map((code) => ({ value: code, label: t(`language.${code}`) }))}
        />
      </Stack>
    </FormDialog>
  );
}
