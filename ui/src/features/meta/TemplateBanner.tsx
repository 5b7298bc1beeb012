import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { fillTemplate, type MessageTemplateView } from '@conversa/contracts';
import { useState } from 'react';
import { LuFileText } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useSocketEvent } from '../../app/SocketProvider';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { SelectField } from '../../shared/SelectField';
import { useSendTemplateMutation, useTicketTemplatesQuery } from './api';

const keyOf = (template: Pick<MessageTemplateView, 'name' | 'language'>) => `${template.name}|${template.language}`;

/**
 * A Cloud API ticket whose 24-hour window is closed: the banner says so and offers the account's
 * approved templates, the only messages the Cloud API delivers then. A contact's new message opens
 * the window again (the state is read again on it).
 */
export function TemplateBanner({ ticketId, canSend }: { ticketId: number; canSend: boolean }) {
  const t = useT();
  const { data, refetch } = useTicketTemplatesQuery(ticketId);
  const [choosing, setChoosing] = useState(false);
  useSocketEvent('appMessage', (frame) => {
    const { message } = frame;
    if (message.ticketId === ticketId && !message.fromMe) void refetch();
  });
  if (!data || data.windowOpen) return null;
  return (
    <>
      <Alert.Root status="warning" variant="subtle" borderRadius="0" py="2" data-testid="template-banner">
        <Alert.Indicator />
        <Alert.Content flex="1">
          <Alert.Description textStyle="sm">{t('meta.templates.closed')}</Alert.Description>
        </Alert.Content>
        {canSend && (
          <Button size="xs" variant="outline" onClick={() => setChoosing(true)} data-testid="template-choose">
            <LuFileText /> {t('meta.templates.choose')}
          </Button>
        )}
      </Alert.Root>
      {choosing && <TemplateDialog ticketId={ticketId} templates={data.templates} onClose={() => setChoosing(false)} />}
    </>
  );
}

function TemplateDialog({ ticketId, templates, onClose }: { ticketId: number; templates: MessageTemplateView[]; onClose(): void }) {
  const t = useT();
  const showError = useErrorToast();
  const [sendTemplate, sending] = useSendTemplateMutation();
  const [chosen, setChosen] = useState(templates[0] ? keyOf(templates[0]) : '');
  const [parameters, setParameters] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const template = templates.find((candidate) => keyOf(candidate) === chosen);
  const values = Array.from({ length: template?.parameters ?? 0 }, (_, index) => parameters[index] ?? '');

  const submit = async () => {
    if (!template) return;
    if (values.some((value) => value.trim() === '')) return setMissing(true);
    try {
      await sendTemplate({ ticketId, name: template.name, language: template.language, parameters: values.map((value) => value.trim()) }).unwrap();
      toaster.create({ type: 'success', description: t('meta.templates.sent') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <FormDialog
      open
      title={t('meta.templates.title')}
      testId="template-dialog"
      onClose={onClose}
      onSubmit={submit}
      busy={sending.isLoading}
      saveDisabled={!template}
      saveLabel={t('meta.templates.send')}
      saveTestId="template-send"
      size="md"
    >
      {templates.length === 0 ? (
        <Text data-testid="template-none">{t('meta.templates.none')}</Text>
      ) : (
        <Stack gap="4">
          <SelectField
            label={t('meta.templates.template')}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setParameters([]);
              setMissing(false);
            }}
            options={templates.map((candidate) => ({ value: keyOf(candidate), label: `${candidate.name} (${candidate.language})` }))}
            testId="template-select"
          />
          {values.map((value, index) => (
            <Field.Root key={index} invalid={missing && value.trim() === ''} required>
              <Field.Label>{t('meta.templates.parameter', { number: index + 1 })}</Field.Label>
              <Input
                value={value}
                maxLength={1024}
                onChange={(event) => setParameters(values.map((old, at) => (at === index ? event.target.value : old)))}
                data-testid={`template-parameter-${index + 1}`}
              />
              {missing && value.trim() === '' && <Field.ErrorText>{t('meta.templates.parameterRequired')}</Field.ErrorText>}
            </Field.Root>
          ))}
          {template && (
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('meta.templates.preview')}
              </Text>
              <Text whiteSpace="pre-wrap" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="template-preview">
                {fillTemplate(
                  template.body,
                  values.map((value, index) => value.trim() || `{{${index + 1}}}`),
                )}
              </Text>
            </Stack>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
