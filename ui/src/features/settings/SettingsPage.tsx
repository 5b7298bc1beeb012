import { Button, Card, Field, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Spinner, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { CompanySettingKey, ScheduleEntry, SessionUser } from '@conversa/contracts';
import { useErrorToast } from '../../app/notify';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { SchedulesEditor } from '../queues/SchedulesEditor';
import { SuperSettingsPanels, superSettingsTabs, type SuperSettingsTab } from '../companies/superTabs';
import { userUpdated } from '../../app/sessionSlice';
import { RetentionStatus } from './RetentionStatus';
import {
  applySetting,
  settingsApi,
  useCompanySchedulesQuery,
  useSaveCompanySchedulesMutation,
  useSettingsQuery,
  useUpdateSettingMutation,
  type Setting,
} from './api';
import { scheduleErrors, settingSections, showsSchedulesTab, valueOf, visibleSettingFields, type SettingField } from './settingsForm';

type Tab = 'options' | 'schedules' | SuperSettingsTab;

/** The session keeps the company's settings (other screens read requiredTag, sendSignMessage …): a change reaches it too. */
const withSetting = (user: SessionUser, { key, value }: Setting): Partial<SessionUser> =>
  key in user.company.companieSettings ? { company: { ...user.company, companieSettings: { ...user.company.companieSettings, [key]: value } } } : {};

/** /settings: options (always), company opening hours (while scheduleType is company), companies, plans and helps (super users). */
export default function SettingsPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.session.user)!;
  const { data: settings = [], isLoading, isError, refetch } = useSettingsQuery();
  const [tab, setTab] = useState<Tab>('options');
  const schedulesTab = showsSchedulesTab(settings);
  const tabShown = tab === 'options' || (tab === 'schedules' ? schedulesTab : me.super);

  useSocketEvent('settings', (frame) => {
    const { setting } = frame;
    dispatch(settingsApi.util.updateQueryData('settings', undefined, (draft) => applySetting(draft, setting)));
    dispatch(userUpdated(withSetting(me, setting)));
  });
  useSocketReconnect(() => refetch());

  if (isLoading) {
    return (
      <HStack justify="center" py="10">
        <Spinner />
      </HStack>
    );
  }
  if (isError) {
    return (
      <HStack>
        <Text color="fg.error">{t('settings.loadFailed')}</Text>
        <Button size="sm" variant="outline" onClick={() => refetch()}>
          {t('common.retry')}
        </Button>
      </HStack>
    );
  }

  return (
    <Stack maxW="5xl" mx="auto" gap="4" data-testid="settings-page">
      <Heading size="xl">{t('settings.title')}</Heading>
      <Tabs.Root value={tabShown ? tab : 'options'} onValueChange={(details) => setTab(details.value as Tab)} variant="line">
        <Tabs.List>
          <Tabs.Trigger value="options" data-testid="settings-tab-options">
            {t('settings.tab.options')}
          </Tabs.Trigger>
          {schedulesTab && (
            <Tabs.Trigger value="schedules" data-testid="settings-tab-schedules">
              {t('settings.tab.schedules')}
            </Tabs.Trigger>
          )}
          {me.super &&
            superSettingsTabs.map(({ value, labelKey }) => (
              <Tabs.Trigger key={value} value={value} data-testid={`settings-tab-${value}`}>
                {t(labelKey)}
              </Tabs.Trigger>
            ))}
        </Tabs.List>
        <Tabs.Content value="options">
          <OptionsTab settings={settings} onSaved={(setting) => dispatch(userUpdated(withSetting(me, setting)))} />
        </Tabs.Content>
        {schedulesTab && (
          <Tabs.Content value="schedules">
            <CompanySchedulesTab companyId={me.companyId} />
          </Tabs.Content>
        )}
        {me.super && <SuperSettingsPanels active={tab} />}
      </Tabs.Root>
    </Stack>
  );
}

function OptionsTab({ settings, onSaved }: { settings: readonly Setting[]; onSaved: (setting: Setting) => void }) {
  const t = useT();
  const isSuper = useAppSelector((state) => state.session.user?.super ?? false);
  const showError = useErrorToast();
  const [updateSetting] = useUpdateSettingMutation();
  const fields = visibleSettingFields(isSuper);

  const save = async (key: CompanySettingKey, value: string) => {
    try {
      const saved = await updateSetting({ key, value }).unwrap();
      onSaved(saved);
      toaster.create({ type: 'success', description: t('settings.saved') });
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };

  return (
    <Stack gap="5" pt="2">
      {settingSections.map((section) => {
        const inSection = fields.filter((field) => field.section === section);
        if (inSection.length === 0) return null;
        return (
          <Card.Root key={section} data-testid={`settings-section-${section}`}>
            <Card.Header>
              <Heading size="md">{t(`settings.section.${section}` as MessageKey)}</Heading>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {inSection.map((field) => (
                  <SettingControl key={field.key} field={field} value={valueOf(settings, field.key)} onSave={(value) => save(field.key, value)} />
                ))}
              </SimpleGrid>
              {section === 'lgpd' && <RetentionStatus />}
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}

/** One setting: a select saved on change, or a text saved with its button (the secret is never shown back). */
function SettingControl({ field, value, onSave }: { field: SettingField; value: string; onSave: (value: string) => Promise<boolean> }) {
  const t = useT();
  const label = t(`settings.key.${field.key}` as MessageKey);
  const [draft, setDraft] = useState(field.kind === 'secret' ? '' : value);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (field.kind !== 'secret') setDraft(value);
  }, [field.kind, value]);

  if (field.kind === 'choice') {
    return (
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <NativeSelect.Root disabled={saving}>
          <NativeSelect.Field
            value={value}
            onChange={async (event) => {
              setSaving(true);
              await onSave(event.target.value);
              setSaving(false);
            }}
            data-testid={`setting-${field.key}`}
          >
            {field.values!.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    );
  }

  const submit = async () => {
    setSaving(true);
    const saved = await onSave(draft);
    setSaving(false);
    if (saved && field.kind === 'secret') setDraft('');
  };
  const unchanged = field.kind === 'secret' ? draft === '' : draft === value;
  return (
    <Field.Root gridColumn={field.kind === 'textarea' ? '1 / -1' : undefined}>
      <Field.Label>{label}</Field.Label>
      <Flex gap="2" w="full" align="start">
        {field.kind === 'textarea' ? (
          <Textarea rows={3} value={draft} onChange={(event) => setDraft(event.target.value)} data-testid={`setting-${field.key}`} />
        ) : (
          <Input
            type={field.kind === 'secret' ? 'password' : 'text'}
            autoComplete="off"
            value={draft}
            placeholder={field.kind === 'secret' && value ? '********' : undefined}
            onChange={(event) => setDraft(event.target.value)}
            data-testid={`setting-${field.key}`}
          />
        )}
        <Button variant="outline" loading={saving} disabled={unchanged} onClick={submit} data-testid={`setting-${field.key}-save`}>
          {t('settings.saveText')}
        </Button>
      </Flex>
      {field.kind === 'secret' && value && <Field.HelperText>{t('settings.secretSet')}</Field.HelperText>}
    </Field.Root>
  );
}

/** The opening-hours tab: the company's week with A and B windows (PUT /companies/{id}/schedules). */
function CompanySchedulesTab({ companyId }: { companyId: number }) {
  const t = useT();
  const showError = useErrorToast();
  const { data: saved, isLoading } = useCompanySchedulesQuery(companyId);
  const [saveSchedules, { isLoading: saving }] = useSaveCompanySchedulesMutation();
  const [schedules, setSchedules] = useState<ScheduleEntry[] | null>(null);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  useEffect(() => {
    if (saved) setSchedules(saved);
  }, [saved]);

  if (isLoading || !schedules) {
    return (
      <HStack justify="center" py="10">
        <Spinner />
      </HStack>
    );
  }

  const submit = async () => {
    const found = scheduleErrors(schedules);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await saveSchedules({ companyId, schedules }).unwrap();
      toaster.create({ type: 'success', description: t('settings.schedulesSaved') });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="4" pt="2" data-testid="settings-schedules">
      <SchedulesEditor schedules={schedules} errors={errors} onChange={setSchedules} />
      <Flex justify="end">
        <Button loading={saving} onClick={submit} data-testid="settings-schedules-save">
          {t('settings.saveText')}
        </Button>
      </Flex>
    </Stack>
  );
}
