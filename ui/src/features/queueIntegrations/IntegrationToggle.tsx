import { Switch } from '@chakra-ui/react';
import type { TicketView } from '@conversa/contracts';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useUpdateTicketMutation } from '../tickets/api';

/**
 * The ticket's integration switch (spec 1 §4): off stops the integration or prompt answering the
 * contact; on hands the next message to the ticket's prompt, or its queue's or connection's
 * integration. Shown on waiting and attended tickets of a plan with integrations or AI.
 */
export function IntegrationToggle({ ticket }: { ticket: TicketView }) {
  const t = useT();
  const plan = useAppSelector((state) => state.session.user?.company.plan);
  const [update, updating] = useUpdateTicketMutation();
  const showError = useErrorToast();
  if (!plan || (!plan.useIntegrations && !plan.useOpenAi) || ticket.isGroup || ticket.status === 'closed') return null;
  return (
    <Switch.Root
      size="sm"
      checked={ticket.useIntegration}
      disabled={updating.isLoading}
      onCheckedChange={(details) => update({ id: ticket.id, useIntegration: details.checked }).unwrap().catch(showError)}
      title={t('integrations.ticketToggle.hint')}
      data-testid="ticket-integration-toggle"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label textStyle="xs">{t('integrations.ticketToggle')}</Switch.Label>
    </Switch.Root>
  );
}
