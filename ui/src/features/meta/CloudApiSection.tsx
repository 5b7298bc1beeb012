import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useT, type MessageKey } from '../../i18n';
import { useCloudApiConfigQuery, useSaveCloudApiConfigMutation } from './api';

interface CloudValues {
  phoneNumberId: string;
  businessAccountId: string;
  token: string;
}
type CloudErrors = Partial<Record<keyof CloudValues, MessageKey>>;

/**
 * The WhatsApp Cloud API part of a `whatsappapi` connection's form: the number's ids and the access
 * token. The stored token is never shown again (only its last characters); left empty it stays as it is.
 */
export function useCloudApiForm(connectionId: number | null, active: boolean) {
  const saved = useCloudApiConfigQuery(connectionId ?? 0, { skip: !active || connectionId === null, refetchOnMountOrArgChange: true });
  const [saveConfig] = useSaveCloudApiConfigMutation();
  const [values, setValues] = useState<CloudValues>({ phoneNumberId: '', businessAccountId: '', token: '' });
  const [errors, setErrors] = useState<CloudErrors>({});
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  useEffect(() => {
    if (saved.data && saved.data.connectionId !== loadedFor) {
      setValues({ phoneNumberId: saved.data.phoneNumberId ?? '', businessAccountId: saved.data.businessAccountId ?? '', token: '' });
      setLoadedFor(saved.data.connectionId);
    }
  }, [saved.data, loadedFor]);
  const tokenHint = saved.data?.tokenHint ?? null;

  const validate = (): boolean => {
    const found: CloudErrors = {};
    if (!/^\d{1,30}$/.test(values.phoneNumberId.trim())) found.phoneNumberId = 'meta.cloud.idInvalid';
    if (!/^\d{1,30}$/.test(values.businessAccountId.trim())) found.businessAccountId = 'meta.cloud.idInvalid';
    const token = values.token.trim();
    if ((token === '' && !tokenHint) || (token !== '' && token.length < 20)) found.token = 'meta.cloud.tokenRequired';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const save = (id: number) =>
    saveConfig({
      id,
      phoneNumberId: values.phoneNumberId.trim(),
      businessAccountId: values.businessAccountId.trim(),
      ...(values.token.trim() ? { token: values.token.trim() } : {}),
    }).unwrap();

  return { active, values, setValues, errors, tokenHint, validate, save };
}

export function CloudApiSection({ form }: { form: ReturnType<typeof useCloudApiForm> }) {
  const t = useT();
  const { values, setValues, errors, tokenHint } = form;
  const set = (field: keyof CloudValues, value: string) => setValues((current) => ({ ...current, [field]: value }));
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="cloud-api-section">
      <Text fontWeight="medium">{t('meta.cloud.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('meta.cloud.help')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root invalid={!!errors.phoneNumberId} required>
          <Field.Label>{t('meta.cloud.phoneNumberId')}</Field.Label>
          <Input
            value={values.phoneNumberId}
            inputMode="numeric"
            onChange={(event) => set('phoneNumberId', event.target.value)}
            data-testid="cloud-phone-number-id"
          />
          {errors.phoneNumberId && <Field.ErrorText>{t(errors.phoneNumberId)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.businessAccountId} required>
          <Field.Label>{t('meta.cloud.businessAccountId')}</Field.Label>
          <Input
            value={values.businessAccountId}
            inputMode="numeric"
            onChange={(event) => set('businessAccountId', event.target.value)}
            data-testid="cloud-business-account-id"
          />
          {errors.businessAccountId && <Field.ErrorText>{t(errors.businessAccountId)}</Field.ErrorText>}
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={!!errors.token} required={!tokenHint}>
        <Field.Label>{t('meta.cloud.token')}</Field.Label>
        <Input
          type="password"
          autoComplete="off"
          value={values.token}
          placeholder={tokenHint ? t('meta.cloud.tokenKept', { hint: tokenHint }) : ''}
          onChange={(event) => set('token', event.target.value)}
          data-testid="cloud-token"
        />
        {errors.token ? <Field.ErrorText>{t(errors.token)}</Field.ErrorText> : <Field.HelperText>{t('meta.cloud.tokenHelp')}</Field.HelperText>}
      </Field.Root>
    </Stack>
  );
}
