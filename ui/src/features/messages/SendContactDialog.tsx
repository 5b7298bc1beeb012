import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { DialogShell } from '../../shared/form/DialogShell';
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
    <DialogShell
      open={open}
      onClose={onClose}
      title={t('sendContact.title')}
      testId="send-contact-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!contact} onClick={() => contact && onSend(contact)} data-testid="send-contact-confirm">
            {t('sendContact.send')}
          </Button>
        </>
      }
    >
      <ContactPicker selected={contact} onPick={setContact} testId="send-contact" />
    </DialogShell>
  );
}
