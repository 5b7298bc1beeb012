import { Badge, Box, Button, Code, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { WebhookDeliveryView, WebhookView } from '@conversa/contracts';
import { useState } from 'react';
import { LuEye, LuRefreshCw } from 'react-icons/lu';
import { formatDateTime } from '../../app/dates';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { useRedeliverWebhookMutation, useWebhookDeliveriesQuery, useWebhookDeliveryQuery } from './api';

const feedbackTexts = {
  success: 'webhooks.log.redelivered',
  saveFailed: 'webhooks.log.redeliverFailed',
  deleteFailed: 'webhooks.log.redeliverFailed',
} as const;
const statusPalette = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** The endpoint's delivery log (newest first, page by page), a delivery's detail and its redelivery. */
export default function DeliveriesDialog({ webhook, onClose }: { webhook: WebhookView; onClose(): void }) {
  const t = useT();
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState<Record<number, boolean>>({});
  const [open, setOpen] = useState<string | null>(null);
  const [redeliver] = useRedeliverWebhookMutation();
  const feedback = useFeedback(feedbackTexts);
  const again = async (deliveryId: string) => {
    try {
      await redeliver({ id: webhook.id, deliveryId }).unwrap();
      feedback.succeeded();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  return (
    <FormDialog
      title={open ? t('webhooks.detail.title', { id: open }) : t('webhooks.log.title', { url: webhook.url })}
      testId="webhook-deliveries-dialog"
      onClose={onClose}
      size="xl"
      scrollInside
      footer={
        <Button variant="outline" onClick={open ? () => setOpen(null) : onClose} data-testid="webhook-deliveries-close">
          {t(open ? 'webhooks.detail.back' : 'webhooks.log.close')}
        </Button>
      }
    >
      {open ? (
        <DeliveryDetail webhookId={webhook.id} deliveryId={open} onRedeliver={() => again(open)} />
      ) : (
        <Stack gap="3">
          <Table.Root size="sm" data-testid="webhook-deliveries">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('webhooks.log.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.log.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.log.attempts')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.log.response')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.log.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.log.next')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {Array.from({ length: pages }, (_, index) => (
                <DeliveryRows
                  key={index}
                  webhookId={webhook.id}
                  pageNumber={index + 1}
                  onLoaded={(more) => setHasMore((current) => ({ ...current, [index + 1]: more }))}
                  onOpen={setOpen}
                  onRedeliver={again}
                />
              ))}
            </Table.Body>
          </Table.Root>
          {hasMore[pages] && (
            <Button variant="ghost" size="sm" onClick={() => setPages(pages + 1)} data-testid="webhook-deliveries-more">
              {t('webhooks.log.more')}
            </Button>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}

function DeliveryRows({
  webhookId,
  pageNumber,
  onLoaded,
  onOpen,
  onRedeliver,
}: {
  webhookId: number;
  pageNumber: number;
  onLoaded(hasMore: boolean): void;
  onOpen(id: string): void;
  onRedeliver(id: string): void;
}) {
  const t = useT();
  const { data, isLoading, isError } = useWebhookDeliveriesQuery({ id: webhookId, pageNumber }, { pollingInterval: pageNumber === 1 ? 5_000 : 0 });
  const [reported, setReported] = useState<boolean | null>(null);
  if (data && reported !== data.hasMore) {
    setReported(data.hasMore);
    onLoaded(data.hasMore);
  }
  if (isLoading)
    return (
      <Message>
        <Spinner size="sm" />
      </Message>
    );
  if (isError) return <Message>{t('webhooks.log.loadFailed')}</Message>;
  if (pageNumber === 1 && data?.deliveries.length === 0) return <Message testId="webhook-deliveries-empty">{t('webhooks.log.empty')}</Message>;
  return (
    <>
      {data?.deliveries.map((delivery: WebhookDeliveryView) => (
        <Table.Row key={delivery.id} data-testid={`webhook-delivery-${delivery.id}`}>
          <Table.Cell fontFamily="mono">{delivery.event}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={statusPalette[delivery.status]} data-testid="webhook-delivery-status">
              {t(`webhooks.log.${delivery.status}`)}
            </Badge>
          </Table.Cell>
          <Table.Cell>{delivery.attempts}</Table.Cell>
          <Table.Cell>{delivery.responseStatus ?? '—'}</Table.Cell>
          <Table.Cell>{when(delivery.createdAt)}</Table.Cell>
          <Table.Cell data-testid="webhook-delivery-next">
            <NextAttempt delivery={delivery} />
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            <Button
              size="xs"
              variant="ghost"
              aria-label={t('webhooks.log.view')}
              onClick={() => onOpen(delivery.id)}
              data-testid={`webhook-delivery-view-${delivery.id}`}
            >
              <LuEye />
            </Button>
            <Button
              size="xs"
              variant="ghost"
              aria-label={t('webhooks.log.redeliver')}
              onClick={() => onRedeliver(delivery.id)}
              data-testid={`webhook-delivery-redeliver-${delivery.id}`}
            >
              <LuRefreshCw />
            </Button>
          </Table.Cell>
        </Table.Row>
      ))}
    </>
  );
}

/** When it goes out: held while its endpoint is paused, and no sooner than the delivery ahead of it. */
function NextAttempt({ delivery }: { delivery: WebhookDeliveryView }) {
  const t = useT();
  if (delivery.status === 'pending' && delivery.nextAttemptAt === null) return <Text color="orange.fg">{t('webhooks.log.held')}</Text>;
  return (
    <Stack gap="0">
      <Text>{when(delivery.nextAttemptAt)}</Text>
      {delivery.blocked && (
        <Text fontSize="xs" color="fg.muted">
          {t('webhooks.log.blocked')}
        </Text>
      )}
    </Stack>
  );
}

function Message({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={7} textAlign="center" data-testid={testId}>
        {children}
      </Table.Cell>
    </Table.Row>
  );
}

function DeliveryDetail({ webhookId, deliveryId, onRedeliver }: { webhookId: number; deliveryId: string; onRedeliver(): void }) {
  const t = useT();
  const { data, isLoading, isError } = useWebhookDeliveryQuery({ id: webhookId, deliveryId });
  if (isLoading) return <Spinner />;
  if (isError || !data) {
    toaster.create({ type: 'error', description: t('webhooks.log.loadFailed') });
    return null;
  }
  const pretty = (text: string) => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };
  return (
    <Stack gap="3" data-testid="webhook-delivery-detail">
      <Box>
        <Badge colorPalette={statusPalette[data.status]}>{t(`webhooks.log.${data.status}`)}</Badge>{' '}
        <Text as="span" fontFamily="mono">
          {data.event}
        </Text>
      </Box>
      <Text fontWeight="semibold">{t('webhooks.detail.request')}</Text>
      <Code as="pre" p="2" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="webhook-delivery-body">
        {pretty(data.requestBody)}
      </Code>
      <Text fontWeight="semibold">
        {t('webhooks.detail.response')} {data.responseStatus !== null && `(${data.responseStatus})`}
      </Text>
      <Code as="pre" p="2" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="webhook-delivery-response">
        {data.responseBody ?? '—'}
      </Code>
      {data.error && (
        <Text color="red.500">
          {t('webhooks.detail.error')}: {data.error}
        </Text>
      )}
      <Box>
        <Button size="sm" onClick={onRedeliver} data-testid="webhook-delivery-redeliver">
          <LuRefreshCw />
          {t('webhooks.log.redeliver')}
        </Button>
      </Box>
    </Stack>
  );
}
