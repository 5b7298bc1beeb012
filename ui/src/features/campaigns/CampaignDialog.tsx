import { Button, Field, HStack, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import type { CampaignView } from '@conversa/contracts';
import { useRef, useState } from 'react';
import { LuPaperclip, LuTrash2 } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { FormDialog } from '../../shared/FormDialog';
import { SwitchField, TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { namedOptions, SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { useConnectionsQuery } from '../connections/api';
import { useAllContactListsQuery } from '../contactLists/api';
import { useAllTagsQuery } from '../tags/api';
import { useFileListChoicesQuery } from '../files/api';
import {
  useCampaignSettingsQuery,
  useCreateCampaignMutation,
  useRemoveCampaignMediaMutation,
  useUpdateCampaignMutation,
  useUploadCampaignMediaMutation,
} from './api';
import {
  campaignEditable,
  campaignFormOf,
  campaignRequestOf,
  emptyCampaignForm,
  SLOTS,
  validateCampaignForm,
  type CampaignField,
  type CampaignFormValues,
} from './campaignForm';

const feedbackTexts = { success: 'campaigns.saved', saveFailed: 'campaigns.saveFailed', deleteFailed: 'campaigns.deleteFailed' } as const;
/** The spec's message variables (filled per contact by the engine). */
const BUILT_IN_VARIABLES = ['firstName', 'name', 'greeting', 'protocol', 'date', 'hour', 'email', 'number', 'connection'];

/**
 * Add or edit a campaign: name, messages 1–5, confirmation messages 1–5 with the toggle, connections, contact
 * list, tag list, schedule, an optional send window and the attachment. Read-only once the editing rule says so
 * (a cancelled campaign keeps its save button, and the server answers why it refuses).
 */
export default function CampaignDialog({ campaign, onClose }: { campaign: CampaignView | null; onClose(): void }) {
  const t = useT();
  const editable = campaignEditable(campaign, Date.now());
  const readOnly = !editable && campaign?.status !== 'CANCELADA';
  const { values, set, errors, check, bind } = useForm<CampaignFormValues, CampaignField>(
    () => (campaign ? campaignFormOf(campaign) : emptyCampaignForm()),
    validateCampaignForm,
  );
  const connections = useConnectionsQuery().data ?? [];
  const lists = useAllContactListsQuery().data ?? [];
  const tags = useAllTagsQuery().data ?? [];
  const fileLists = useFileListChoicesQuery().data ?? [];
  const variables = useCampaignSettingsQuery().data?.variables ?? [];
  const [create] = useCreateCampaignMutation();
  const [update] = useUpdateCampaignMutation();
  const [upload, uploading] = useUploadCampaignMediaMutation();
  const [removeMedia] = useRemoveCampaignMediaMutation();
  const [file, setFile] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const feedback = useFeedback(feedbackTexts);

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const saved = campaign ? await update({ id: campaign.id, ...campaignRequestOf(values) }).unwrap() : await create(campaignRequestOf(values)).unwrap();
    if (file) await upload({ id: saved.id, file }).unwrap();
  });
  const slot = (kind: 'messages' | 'confirmationMessages', index: number) => {
    const list = [...values[kind]];
    return (
      <Field.Root key={`${kind}-${index}`} disabled={readOnly}>
        <Field.Label>{t(kind === 'messages' ? 'campaigns.field.message' : 'campaigns.field.confirmationMessage', { n: index + 1 })}</Field.Label>
        <Textarea
          rows={3}
          value={list[index]}
          onChange={(event) => set(kind, Object.assign(list, { [index]: event.target.value }))}
          data-testid={`campaign-field-${kind === 'messages' ? 'message' : 'confirmation'}-${index + 1}`}
        />
      </Field.Root>
    );
  };

  return (
    <FormDialog
      title={t(campaign ? 'campaigns.dialog.editTitle' : 'campaigns.dialog.addTitle')}
      testId="campaign-dialog"
      onClose={onClose}
      onSubmit={readOnly ? undefined : submit}
      busy={uploading.isLoading}
      saveTestId="campaign-save"
      size="xl"
      scrollInside
    >
      <Stack gap="4">
        {readOnly && (
          <Text color="orange.600" data-testid="campaign-read-only">
            {t('campaigns.dialog.readOnly')}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={t('campaigns.field.name')} {...bind('name')} required disabled={readOnly} testId="campaign-field-name" />
          <Field.Root disabled={readOnly}>
            <Field.Label>{t('campaigns.field.scheduledAt')}</Field.Label>
            <Input
              type="datetime-local"
              value={values.scheduledAt}
              onChange={(event) => set('scheduledAt', event.target.value)}
              data-testid="campaign-field-scheduledAt"
            />
          </Field.Root>
          <SelectField
            label={t('campaigns.field.contactList')}
            value={values.contactListId}
            onChange={(value) => set('contactListId', value)}
            options={namedOptions(lists, t('campaigns.none'))}
            testId="campaign-field-contactList"
            disabled={readOnly}
          />
          <SelectField
            label={t('campaigns.field.fileList')}
            value={values.fileListId}
            onChange={(value) => set('fileListId', value)}
            options={namedOptions(fileLists, t('campaigns.none'))}
            testId="campaign-field-fileList"
            disabled={readOnly}
          />
          <SelectField
            label={t('campaigns.field.tagList')}
            value={values.tagListId}
            onChange={(value) => set('tagListId', value)}
            options={namedOptions(tags, t('campaigns.none'))}
            testId="campaign-field-tagList"
            disabled={readOnly}
          />
          <Field.Root disabled={readOnly} invalid={!!errors.sendWindow}>
            <Field.Label>{t('campaigns.field.sendFrom')}</Field.Label>
            <Input type="time" value={values.sendFrom} onChange={(event) => set('sendFrom', event.target.value)} data-testid="campaign-field-sendFrom" />
            {errors.sendWindow && <Field.ErrorText>{t(errors.sendWindow)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root disabled={readOnly}>
            <Field.Label>{t('campaigns.field.sendTo')}</Field.Label>
            <Input type="time" value={values.sendTo} onChange={(event) => set('sendTo', event.target.value)} data-testid="campaign-field-sendTo" />
          </Field.Root>
        </SimpleGrid>
        <CheckboxGroup
          label={t('campaigns.field.connections')}
          options={connections.map((connection) => ({ value: connection.id, label: connection.name, testId: `campaign-connection-${connection.id}` }))}
          value={values.whatsappIds}
          onChange={(whatsappIds) => set('whatsappIds', whatsappIds)}
          disabled={readOnly}
          testId="campaign-field-connections"
        />
        <SwitchField label={t('campaigns.field.confirmation')} {...bind('confirmation')} disabled={readOnly} testId="campaign-field-confirmation" />
        <Text fontSize="sm" color="fg.muted">
          {t('campaigns.field.variables', { list: [...BUILT_IN_VARIABLES, ...variables.map((v) => v.key)].map((key) => `{${key}}`).join(' ') })}
        </Text>
        <Tabs.Root defaultValue="messages">
          <Tabs.List>
            <Tabs.Trigger value="messages">{t('campaigns.tab.messages')}</Tabs.Trigger>
            {values.confirmation && (
              <Tabs.Trigger value="confirmations" data-testid="campaign-tab-confirmations">
                {t('campaigns.tab.confirmations')}
              </Tabs.Trigger>
            )}
          </Tabs.List>
          <Tabs.Content value="messages">
            <Stack gap="3">
              {SLOTS.map((_, index) => slot('messages', index))}
              {errors.messages && <Text color="red.500">{t(errors.messages)}</Text>}
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="confirmations">
            <Stack gap="3">
              {SLOTS.map((_, index) => slot('confirmationMessages', index))}
              {errors.confirmationMessages && <Text color="red.500">{t(errors.confirmationMessages)}</Text>}
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
        <HStack>
          <Button variant="outline" size="sm" disabled={readOnly} onClick={() => picker.current?.click()} data-testid="campaign-media-pick">
            <LuPaperclip /> {file?.name ?? campaign?.mediaName ?? t('campaigns.field.media')}
          </Button>
          {campaign?.mediaPath && !file && !readOnly && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void removeMedia(campaign.id).unwrap().catch(feedback.saveFailed)}
              data-testid="campaign-media-remove"
            >
              <LuTrash2 /> {t('campaigns.field.mediaRemove')}
            </Button>
          )}
          <input ref={picker} type="file" hidden onChange={(event) => setFile(event.target.files?.[0] ?? null)} data-testid="campaign-media-file" />
        </HStack>
      </Stack>
    </FormDialog>
  );
}
