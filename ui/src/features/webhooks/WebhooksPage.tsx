import { Badge, Stack, Text } from '@chakra-ui/react';
import type { WebhookView, WebhookWithSecretView } from '@conversa/contracts';
import { Suspense, useState } from 'react';
import { lazy } from '../../i18n/lazy';
import { LuKeyRound, LuList, LuPlay } from 'react-icons/lu';
import { formatDateTime } from '../../app/dates';
import { useT } from '../../i18n';
import { ConfirmDialog, useConfirmation, useConfirmedDelete } from '../../shared/ConfirmDialog';
import { editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useDeleteWebhookMutation, useResumeWebhookMutation, useRotateWebhookSecretMutation, useWebhooksQuery } from './api';

const WebhookDialog = lazy(() => import('./WebhookDialog'));
const SecretDialog = lazy(() => import('./SecretDialog'));
const DeliveriesDialog = lazy(() => import('./DeliveriesDialog'));

const feedbackTexts = { success: 'webhooks.deleted', saveFailed: 'webhooks.saveFailed', deleteFailed: 'webhooks.deleteFailed' } as const;
const resumeTexts = { success: 'webhooks.resumed', saveFailed: 'webhooks.resumeFailed', deleteFailed: 'webhooks.resumeFailed' } as const;

function Status({ webhook }: { webhook: WebhookView }) {
  const t = useT();
  if (webhook.pausedAt)
    return (
      <Stack gap="0" align="start">
        <Badge colorPalette="orange" data-testid={`webhook-status-${webhook.id}`}>
          {t('webhooks.status.pausedFailing')}
        </Badge>
        <Text fontSize="xs" color="fg.muted" data-testid={`webhook-paused-${webhook.id}`}>
          {t('webhooks.status.pausedSince', { date: formatDateTime(webhook.pausedAt), reason: webhook.pauseReason ?? '—' })}
        </Text>
      </Stack>
    );
  if (webhook.flagged)
    return (
      <Badge colorPalette="red" data-testid={`webhook-status-${webhook.id}`}>
        {t('webhooks.status.flagged')}
      </Badge>
    );
  return (
    <Badge colorPalette={webhook.active ? 'green' : 'gray'} data-testid={`webhook-status-${webhook.id}`}>
      {t(webhook.active ? 'webhooks.status.active' : 'webhooks.status.paused')}
    </Badge>
  );
}

function Events({ webhook }: { webhook: WebhookView }) {
  const t = useT();
  return (
    <Text title={webhook.events.join(', ')}>
      {webhook.events.includes('*') ? t('webhooks.allEvents') : t('webhooks.eventsCount', { count: webhook.events.length })}
    </Text>
  );
}

const columns: Column<WebhookView>[] = [
  {
    key: 'url',
    header: 'webhooks.column.url',
    render: (webhook) => (
      <Stack gap="0">
        <Text fontFamily="mono" fontSize="sm" truncate data-testid={`webhook-url-${webhook.id}`}>
          {webhook.url}
        </Text>
        {webhook.description && (
          <Text fontSize="xs" color="fg.muted">
            {webhook.description}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'events', header: 'webhooks.column.events', render: (webhook) => <Events webhook={webhook} /> },
  { key: 'status', header: 'webhooks.column.status', render: (webhook) => <Status webhook={webhook} /> },
];

/**
 * /webhooks: the company's endpoints. Add (the secret is shown once), edit, pause, delete, rotate the secret
 * (shown once again), "resume now" (a paused endpoint, or one waiting on its backoff) and open an endpoint's delivery log.
 * The list follows `webhook` frames through the shell's WebhookNotices, mounted for whoever may open this screen.
 */
export default function WebhooksPage() {
  const t = useT();
  const { data, isLoading, isError, refetch } = useWebhooksQuery();
  const [editing, setEditing] = useState<{ webhook: WebhookView | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookView | null>(null);
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const feedback = useFeedback(feedbackTexts);
  const [resumeWebhook, resuming] = useResumeWebhookMutation();
  const resumeFeedback = useFeedback(resumeTexts);
  const resume = async (webhook: WebhookView) => {
    try {
      await resumeWebhook(webhook.id).unwrap();
      resumeFeedback.succeeded();
    } catch (error) {
      resumeFeedback.saveFailed(error);
    }
  };
  const deletion = useConfirmedDelete<WebhookView>(deleteWebhook, feedback);
  const rotation = useConfirmation<WebhookView>(async (webhook) => {
    try {
      setSecret((await rotate(webhook.id).unwrap()).secret);
    } catch (error) {
      feedback.saveFailed(error);
    }
    return 'close';
  });

  return (
    <ListFrame
      testId="webhooks-page"
      title="webhooks.title"
      maxW="6xl"
      add={{ label: 'webhooks.add', onClick: () => setEditing({ webhook: null }), testId: 'webhook-add' }}
      query={{ isLoading, isError, refetch }}
      loadFailed="webhooks.loadFailed"
      dialogs={
        <Suspense fallback={null}>
          {editing && (
            <WebhookDialog
              webhook={editing.webhook}
              onClose={() => setEditing(null)}
              onCreated={(created: WebhookWithSecretView) => setSecret(created.secret)}
            />
          )}
          {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
          {logOf && <DeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} />}
          <ConfirmDialog
            of={deletion}
            title={t('webhooks.deleteTitle')}
            message={t('webhooks.deleteConfirm', { url: deletion.subject?.url ?? '' })}
            testId="webhook-delete-dialog"
          />
          <ConfirmDialog
            of={rotation}
            title={t('webhooks.rotateTitle')}
            message={t('webhooks.rotateConfirm')}
            loading={rotating.isLoading}
            testId="webhook-rotate-dialog"
          />
        </Suspense>
      }
    >
      <DataTable
        rows={data ?? []}
        columns={columns}
        testId="webhooks-table"
        rowTestId={(webhook) => `webhook-row-${webhook.id}`}
        empty={{ text: 'webhooks.empty', testId: 'webhooks-empty' }}
        actionsHeader="webhooks.column.actions"
        actions={[
          // Any active endpoint: a recovered receiver need not wait for the head's next backoff.
          {
            key: 'resume',
            label: 'webhooks.resume',
            icon: <LuPlay />,
            onClick: (webhook) => void resume(webhook),
            testId: (webhook) => `webhook-resume-${webhook.id}`,
            shown: (webhook) => webhook.active,
            busy: (webhook) => resuming.isLoading && resuming.originalArgs === webhook.id,
          },
          { key: 'deliveries', label: 'webhooks.deliveries', icon: <LuList />, onClick: setLogOf, testId: (webhook) => `webhook-deliveries-${webhook.id}` },
          { key: 'rotate', label: 'webhooks.rotate', icon: <LuKeyRound />, onClick: rotation.ask, testId: (webhook) => `webhook-rotate-${webhook.id}` },
          ...editAndDelete({ texts: 'webhooks', testId: 'webhook', edit: (webhook) => setEditing({ webhook }), delete: deletion.ask }),
        ]}
      />
    </ListFrame>
  );
}
