import { HStack, Kbd, Stack, Table, Text } from '@chakra-ui/react';
import { useAppSelector } from '../../../app/store';
import { useT, type MessageKey } from '../../../i18n';
import { FormDialog } from '../../../shared/FormDialog';
import { PlainSwitch } from '../../../shared/plainControls';
import type { ShortcutId } from './keymap';
import { SHORTCUTS } from './list';
import { setShortcutsEnabled, useShortcutsEnabled } from './setting';

const labels: Record<ShortcutId, MessageKey> = {
  next: 'shortcuts.next',
  previous: 'shortcuts.previous',
  accept: 'shortcuts.accept',
  resolve: 'shortcuts.resolve',
  transfer: 'shortcuts.transfer',
  reply: 'shortcuts.reply',
  note: 'shortcuts.note',
  quickReply: 'shortcuts.quickReply',
  search: 'shortcuts.search',
  tabOpen: 'shortcuts.tabOpen',
  tabPending: 'shortcuts.tabPending',
  tabGroup: 'shortcuts.tabGroup',
  leaveField: 'shortcuts.leaveField',
  help: 'shortcuts.help',
};

/** `?` on the conversations screen: every shortcut with its keys, and the user's switch to turn them off. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const userId = useAppSelector((state) => state.session.user)!.id;
  const enabled = useShortcutsEnabled(userId);
  return (
    <FormDialog open={open} onClose={onClose} title={t('shortcuts.title')} testId="shortcuts-dialog" scrollInside closeOnly cancelTestId="shortcuts-close">
      <Stack gap="3">
        <PlainSwitch checked={enabled} onChange={(value) => setShortcutsEnabled(userId, value)} testId="shortcuts-enabled">
          {t('shortcuts.enabled')}
        </PlainSwitch>
        <Text textStyle="sm" color="fg.muted">
          {t('shortcuts.hint')}
        </Text>
        <Table.Root size="sm" data-testid="shortcuts-list">
          <Table.Body>
            {SHORTCUTS.map((shortcut) => (
              <Table.Row key={shortcut.id} data-testid={`shortcut-${shortcut.id}`}>
                <Table.Cell>{t(labels[shortcut.id])}</Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack gap="1" justify="flex-end">
                    {shortcut.keys.map((key) => (
                      <Kbd key={key}>{key}</Kbd>
                    ))}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
    </FormDialog>
  );
}
