import { Button, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_PAUSE_AFTER_MS } from '@conversa/contracts';
import { useEffect, useRef } from 'react';
import { LuWebhook, LuWebhookOff } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { TopBarPopover } from '../../shared/TopBarPopover';
import { useWebhooksQuery } from './api';
import { newlyPaused, useWebhookFrames } from './socket';

const days = Math.round(WEBHOOK_PAUSE_AFTER_MS / 86_400_000);

/**
 * How a company's admins are told the deliverer paused an endpoint that kept failing: while one is paused, a
 * top-bar popover lists it (on every screen, whenever they come back), and a pause that happens while they are
 * here also raises a toast that stays until closed. Mounted by the shell for whoever may open /webhooks; it keeps
 * the endpoint list current from `webhook` frames, for the webhooks screen too.
 */
export default function WebhookNotices() {
  const t = useT();
  const navigate = useNavigate();
  const { data } = useWebhooksQuery();
  useWebhookFrames();
  const known = useRef<Set<number> | null>(null);
  const paused = (data ?? []).filter((webhook) => webhook.pausedAt !== null);

  useEffect(() => {
    if (!data) return;
    const current = new Set(data.filter((webhook) => webhook.pausedAt !== null).map((webhook) => webhook.id));
    // The first list only sets what is known: endpoints paused before this visit are in the popover, not toasted.
    if (known.current) {
      for (const webhook of newlyPaused(known.current, data)) {
        toaster.create({
          id: `webhook-paused-${webhook.id}`,
          type: 'warning',
          title: t('webhooks.notices.toastTitle'),
          description: t('webhooks.notices.toast', { url: webhook.url, days }),
          duration: Infinity,
          closable: true,
          action: { label: t('webhooks.notices.open'), onClick: () => navigate('/webhooks') },
        });
      }
    }
    known.current = current;
  }, [data, t, navigate]);

  if (paused.length === 0) return null;
  return (
    <TopBarPopover
      title={t('webhooks.notices.title')}
      icon={<LuWebhookOff />}
      count={paused.length}
      empty={false}
      emptyIcon={<LuWebhook />}
      emptyText={t('webhooks.notices.empty')}
      testIds={{ button: 'webhook-notices-button', count: 'webhook-notices-count', content: 'webhook-notices' }}
    >
      {(close) => (
        <Stack gap="3">
          {paused.map((webhook) => (
            <Stack key={webhook.id} gap="1" borderStartWidth="3px" borderColor="orange.solid" ps="2" data-testid={`webhook-notice-${webhook.id}`}>
              <Text fontFamily="mono" fontSize="sm" truncate>
                {webhook.url}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {t('webhooks.notices.item', { days, reason: webhook.pauseReason ?? '—' })}
              </Text>
            </Stack>
          ))}
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              close();
              void navigate('/webhooks');
            }}
            data-testid="webhook-notices-open"
          >
            {t('webhooks.notices.open')}
          </Button>
        </Stack>
      )}
    </TopBarPopover>
  );
}
