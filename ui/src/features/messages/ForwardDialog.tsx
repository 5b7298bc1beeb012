import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { SwitchField } from '../../shared/form/fields';
import { useEffect, useState } from 'react';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import type { Contact } from '../contacts/api';
import { ContactPicker } from '../contacts/ContactPicker';
import { useForwardMessageMutation } from './api';
import { forwardInTurn } from './forward';

/** Forwards the selected messages, oldest first, to a contact picked by search. */
export function ForwardDialog({
  open,
  messageIds,
  signAvailable,
  onClose,
  onDone,
}: {
  open: boolean;
  messageIds: string[];
  signAvailable: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [forwardMessage] = useForwardMessageMutation();
  const [contact, setContact] = useState<Contact | null>(null);
  const [sign, setSign] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setContact(null);
      setBusy(false);
    }
  }, [open]);

  const forward = async () => {
    if (!contact) return;
    setBusy(true);
    const { sent, failed } = await forwardInTurn(messageIds, (messageId) =>
      forwardMessage({ messageId, contactId: contact.id, signMessage: signAvailable && sign }).unwrap(),
    );
    setBusy(false);
    if (sent.length > 0) toaster.create({ type: 'success', description: t('forward.done', { count: sent.length, name: contact.name }) });
    if (failed.length > 0) toaster.create({ type: 'error', description: t('forward.failed', { count: failed.length }) });
    onDone();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && !busy && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="forward-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('forward.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text textStyle="sm" color="fg.muted">
                  {t('forward.count', { count: messageIds.length })}
                </Text>
                <ContactPicker selected={contact} onPick={setContact} testId="forward-contact" />
                {signAvailable && <SwitchField label={t('composer.signature')} value={sign} onChange={setSign} testId="forward-sign" />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void forward()} disabled={!contact} loading={busy} data-testid="forward-confirm">
                {t('forward.send')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
