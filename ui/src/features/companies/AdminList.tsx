import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { ConfirmDialog } from '../notes/ConfirmDialog';
import type { useAdminFeedback } from './adminFeedback';

/**
 * The frame of the super user's companies, plans and helps lists: the heading with its add button,
 * then the spinner, the failure with a retry, the empty text, or the table (`children`).
 * `list` and `item` name the test ids: `<list>-manager`, `<item>-add`, `<list>-load-failed`.
 */
export function AdminList(props: {
  list: string;
  item: string;
  title: MessageKey;
  addLabel: MessageKey;
  onAdd(): void;
  loadFailed: MessageKey;
  query: { isLoading: boolean; isError: boolean; refetch(): unknown };
  /** Shown instead of the table when the list is empty; without it an empty table is shown. */
  empty?: { when: boolean; text: MessageKey };
  children: ReactNode;
  /** Dialogs of the screen, after the table. */
  dialogs?: ReactNode;
}) {
  const t = useT();
  const { query } = props;
  return (
    <Stack gap="4" data-testid={`${props.list}-manager`}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading size="lg">{t(props.title)}</Heading>
        <Button onClick={props.onAdd} data-testid={`${props.item}-add`}>
          <LuPlus /> {t(props.addLabel)}
        </Button>
      </Flex>
      {query.isLoading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : query.isError ? (
        <HStack>
          <Text color="fg.error" data-testid={`${props.list}-load-failed`}>
            {t(props.loadFailed)}
          </Text>
          <Button size="sm" variant="outline" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : props.empty?.when ? (
        <Text color="fg.muted">{t(props.empty.text)}</Text>
      ) : (
        <Box overflowX="auto">{props.children}</Box>
      )}
      {props.dialogs}
    </Stack>
  );
}

/**
 * Asking before a delete: `ask(record)` opens the confirmation, `dialog` is that confirmation, which
 * deletes, tells how it went, and closes either way.
 */
export function useConfirmedDelete<Record extends { id: number }>(options: {
  remove(id: number): { unwrap(): Promise<unknown> };
  removing: boolean;
  feedback: ReturnType<typeof useAdminFeedback>;
  title: MessageKey;
  testId: string;
}) {
  const t = useT();
  const [deleting, setDeleting] = useState<Record | null>(null);
  const confirm = async () => {
    if (!deleting) return;
    try {
      await options.remove(deleting.id).unwrap();
      options.feedback.succeeded();
    } catch (error) {
      options.feedback.deleteFailed(error);
    }
    setDeleting(null);
  };
  const dialog = <ConfirmDialog open={deleting !== null} title={t(options.title)} loading={options.removing} onConfirm={confirm} onClose={() => setDeleting(null)} testId={options.testId} />;
  return { ask: setDeleting, dialog };
}
