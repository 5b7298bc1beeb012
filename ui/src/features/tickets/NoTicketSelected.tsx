import { Button, Center, EmptyState } from '@chakra-ui/react';
import { LuMessagesSquare } from 'react-icons/lu';
import { useT } from '../../i18n';

/** The conversation pane with no ticket chosen (its own module: the list paints without the conversation's code). */
export function NoTicketSelected({ onPick }: { onPick?: () => void }) {
  const t = useT();
  return (
    <Center h="full" data-testid="no-ticket-selected">
      <EmptyState.Root size="md">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMessagesSquare />
          </EmptyState.Indicator>
          <EmptyState.Title>{t('tickets.noneSelected.title')}</EmptyState.Title>
          <EmptyState.Description>{t('tickets.noneSelected.message')}</EmptyState.Description>
          {onPick && (
            <Button size="sm" onClick={onPick} data-testid="pick-ticket">
              {t('tickets.noneSelected.pick')}
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    </Center>
  );
}
