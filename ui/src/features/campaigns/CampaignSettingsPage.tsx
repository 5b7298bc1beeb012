import { Button, Field, Fieldset, Heading, HStack, IconButton, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { GREATER_INTERVAL_OPTIONS, LONGER_INTERVAL_AFTER_OPTIONS, MESSAGE_INTERVAL_OPTIONS, type CampaignSettingsView } from '@conversa/contracts';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { SelectField } from '../../shared/SelectField';
import { useCampaignSettingsQuery, useSaveCampaignSettingsMutation } from './api';

/** The shortcuts that appear more than once (case-insensitive): the settings refuse them. */
export const duplicatedKeys = (variables: ReadonlyArray<{ key: string }>): Set<string> => {
  const seen = new Map<string, number>();
  for (const { key } of variables) seen.set(key.trim().toLowerCase(), (seen.get(key.trim().toLowerCase()) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([key]) => key));
};

/** /campaigns-config: the intervals with the spec's options, the opt-out words, the company's send window, the variables (unique shortcuts). */
export default function CampaignSettingsPage() {
  const { data } = useCampaignSettingsQuery();
  if (!data) return <Spinner />;
  return <SettingsForm settings={data} />;
}

function SettingsForm({ settings }: { settings: CampaignSettingsView }) {
  const t = useT();
  const [values, setValues] = useState({
    ...settings,
    optOutText: settings.optOutWords.join(', '),
    from: settings.sendWindow?.from ?? '',
    to: settings.sendWindow?.to ?? '',
  });
  const [save, saving] = useSaveCampaignSettingsMutation();
  const feedback = useFeedback({ success: 'campaignSettings.saved', saveFailed: 'campaignSettings.saveFailed', deleteFailed: 'campaignSettings.saveFailed' });
  const duplicated = duplicatedKeys(values.variables);
  const seconds = (options: readonly number[], zero: 'campaignSettings.none' | 'campaignSettings.notDefined') =>
    options.map((n) => ({ value: String(n), label: n === 0 ? t(zero) : t('campaignSettings.seconds', { n }) }));
  const setVariable = (index: number, change: Partial<{ key: string; value: string }>) =>
    setValues({ ...values, variables: values.variables.map((v, i) => (i === index ? { ...v, ...change } : v)) });

  const submit = async () => {
    if (duplicated.size > 0) return;
    try {
      await save({
        messageInterval: values.messageInterval,
        longerIntervalAfter: values.longerIntervalAfter,
        greaterInterval: values.greaterInterval,
        variables: values.variables.filter((v) => v.key.trim() !== ''),
        optOutWords: values.optOutText
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
        sendWindow: values.from && values.to ? { from: values.from, to: values.to } : null,
      }).unwrap();
      toaster.create({ type: 'success', description: t('campaignSettings.saved') });
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  return (
    <Stack gap="5" maxW="4xl" mx="auto" w="full" data-testid="campaign-settings-page">
      <Heading size="xl">{t('campaignSettings.title')}</Heading>
      <Heading size="md">{t('campaignSettings.intervals')}</Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label={t('campaignSettings.messageInterval')}
          value={String(values.messageInterval)}
          onChange={(v) => setValues({ ...values, messageInterval: Number(v) })}
          options={seconds(MESSAGE_INTERVAL_OPTIONS, 'campaignSettings.none')}
          testId="settings-messageInterval"
        />
        <SelectField
          label={t('campaignSettings.longerIntervalAfter')}
          value={String(values.longerIntervalAfter)}
          onChange={(v) => setValues({ ...values, longerIntervalAfter: Number(v) })}
          options={LONGER_INTERVAL_AFTER_OPTIONS.map((n) => ({
            value: String(n),
            label: n === 0 ? t('campaignSettings.notDefined') : t('campaignSettings.messages', { n }),
          }))}
          testId="settings-longerIntervalAfter"
        />
        <SelectField
          label={t('campaignSettings.greaterInterval')}
          value={String(values.greaterInterval)}
          onChange={(v) => setValues({ ...values, greaterInterval: Number(v) })}
          options={seconds(GREATER_INTERVAL_OPTIONS, 'campaignSettings.notDefined')}
          testId="settings-greaterInterval"
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Field.Root>
          <Field.Label>{t('campaignSettings.optOutWords')}</Field.Label>
          <Input value={values.optOutText} onChange={(event) => setValues({ ...values, optOutText: event.target.value })} data-testid="settings-optOut" />
        </Field.Root>
        {/* Two inputs: a fieldset names them (a Field would give both its one id), each its own label. */}
        <Fieldset.Root gap="1.5">
          <Fieldset.Legend fontWeight="medium" fontSize="sm" color="fg">
            {t('campaignSettings.window')}
          </Fieldset.Legend>
          <HStack>
            <Input
              type="time"
              aria-label={t('campaigns.field.sendFrom')}
              value={values.from}
              onChange={(event) => setValues({ ...values, from: event.target.value })}
              data-testid="settings-window-from"
            />
            <Input
              type="time"
              aria-label={t('campaigns.field.sendTo')}
              value={values.to}
              onChange={(event) => setValues({ ...values, to: event.target.value })}
              data-testid="settings-window-to"
            />
          </HStack>
        </Fieldset.Root>
      </SimpleGrid>
      <Heading size="md">{t('campaignSettings.variables')}</Heading>
      <Stack gap="2">
        {values.variables.map((variable, index) => (
          <HStack key={index} align="start">
            <Field.Root invalid={duplicated.has(variable.key.trim().toLowerCase())} maxW="xs">
              <Input
                placeholder={t('campaignSettings.shortcut')}
                value={variable.key}
                onChange={(event) => setVariable(index, { key: event.target.value })}
                data-testid={`settings-variable-key-${index}`}
              />
              {duplicated.has(variable.key.trim().toLowerCase()) && <Field.ErrorText>{t('campaignSettings.duplicated')}</Field.ErrorText>}
            </Field.Root>
            <Input
              placeholder={t('campaignSettings.content')}
              value={variable.value}
              onChange={(event) => setVariable(index, { value: event.target.value })}
              data-testid={`settings-variable-value-${index}`}
            />
            <IconButton
              aria-label={t('campaignSettings.removeVariable')}
              variant="ghost"
              onClick={() => setValues({ ...values, variables: values.variables.filter((_, i) => i !== index) })}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        <Button
          alignSelf="start"
          variant="outline"
          size="sm"
          onClick={() => setValues({ ...values, variables: [...values.variables, { key: '', value: '' }] })}
          data-testid="settings-variable-add"
        >
          <LuPlus /> {t('campaignSettings.addVariable')}
        </Button>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {values.variables
          .filter((v) => v.key)
          .map((v) => `{${v.key}}`)
          .join(' ')}
      </Text>
      <Button alignSelf="end" onClick={submit} loading={saving.isLoading} disabled={duplicated.size > 0} data-testid="settings-save">
        {t('common.save')}
      </Button>
    </Stack>
  );
}
