import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import type { Contact } from '../contacts/api';
import { ContactPicker } from '../contacts/ContactPicker';

/** The send-contact dialog: pick a contact (or create one) and send it as a contact card. */
export function SendContactDialog({ open, onClose, onSend }: { open: boolean; onClose: () => void; onSend: (contact: Contact) => void }) {
  const t = useT();
  const [contact, setContact] = useState<Contact | null>(null);
  useEffect(() => {
    if (open) setContact(null);
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="send-contact-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('sendContact.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ContactPicker selected={contact} onPick={setContact} testId="send-contact" />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button disabled={!contact} onClick={() => contact && onSend(contact)} data-testid="send-contact-confirm">
                {t('sendContact.send')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
