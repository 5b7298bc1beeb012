import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { usePromptsQuery, useSuggestReplyMutation, useSummarizeTicketMutation } from './api';

/**
 * AI help in the composer: "suggest a reply" puts a draft in the input for the attendant to edit and
 * send; "summarize" writes a private note. Hidden when the plan has no AI or the company no prompt.
 */
export function AiHelpMenu({ ticketId, disabled, onDraft }: { ticketId: number; disabled: boolean; onDraft(text: string): void }) {
  const t = useT();
  const plan = useAppSelector((state) => state.session.user?.company.plan);
  const prompts = usePromptsQuery(undefined, { skip: !plan?.useOpenAi });
  const [suggest, suggesting] = useSuggestReplyMutation();
  const [summarize, summarizing] = useSummarizeTicketMutation();
  const showError = useErrorToast();
  if (!plan?.useOpenAi || (prompts.data?.prompts.length ?? 0) === 0) return null;
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
            <Menu.Item value="suggest" data-testid="composer-ai-suggest" onClick={() => suggest(ticketId).unwrap().then(({ text }) => onDraft(text), showError)}>
              {t('ai.suggest')}
            </Menu.Item>
            <Menu.Item
              value="summarize"
              data-testid="composer-ai-summarize"
              onClick={() => summarize(ticketId).unwrap().then(() => toaster.create({ type: 'success', title: t('ai.summarized') }), showError)}
            >
              {t('ai.summarize')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
