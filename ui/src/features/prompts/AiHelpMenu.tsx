import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { servingPromptId } from '@conversa/contracts/prompts/serving';
import type { TicketView } from '@conversa/contracts';
import { usePromptsQuery, useSuggestReplyMutation, useSummarizeTicketMutation } from './api';

/**
 * AI help in the composer: "suggest a reply" puts a draft in the input for the attendant to edit and
 * send; "summarize" writes a private note. Offered only where it can work: the plan has AI and a prompt
 * serves the ticket (its own, or its queue's: servingPromptId, the API's rule). A failure stays on
 * screen until dismissed: the AI service being down is read once and acted on.
 */
export function AiHelpMenu({
  ticket,
  disabled,
  onDraft,
}: {
  ticket: Pick<TicketView, 'id' | 'queueId' | 'promptId'>;
  disabled: boolean;
  onDraft(text: string): void;
}) {
  const t = useT();
  const plan = useAppSelector((state) => state.session.user?.company.plan);
  const prompts = usePromptsQuery(undefined, { skip: !plan?.useOpenAi });
  const [suggest, suggesting] = useSuggestReplyMutation();
  const [summarize, summarizing] = useSummarizeTicketMutation();
  const showError = useErrorToast({ persistent: true });
  if (!plan?.useOpenAi || servingPromptId(ticket, prompts.data?.prompts ?? []) === null) return null;
  const ticketId = ticket.id;
  const busy = suggesting.isLoading || summarizing.isLoading;
  return (
    <Menu.Root positioning={{ placement: 'top-start' }}>
      <Menu.Trigger asChild>
        <IconButton size="sm" variant="ghost" aria-label={t('ai.menu')} title={t('ai.menu')} disabled={disabled} loading={busy} data-testid="composer-ai">
          <LuSparkles />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item
              value="suggest"
              data-testid="composer-ai-suggest"
              onClick={() =>
                suggest(ticketId)
                  .unwrap()
                  .then(({ text }) => onDraft(text), showError)
              }
            >
              {t('ai.suggest')}
            </Menu.Item>
            <Menu.Item
              value="summarize"
              data-testid="composer-ai-summarize"
              onClick={() =>
                summarize(ticketId)
                  .unwrap()
                  .then(() => toaster.create({ type: 'success', title: t('ai.summarized') }), showError)
              }
            >
              {t('ai.summarize')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
