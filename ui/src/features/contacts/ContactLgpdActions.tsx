import { Button } from '@chakra-ui/react';
import { mayWrite } from '@conversa/contracts/session/roles';
import { useState } from 'react';
import { LuEraser } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { ContactDataExportButton } from './ContactDataExportButton';
import { EraseContactDialog } from './EraseContactDialog';

/** The contact's LGPD actions in its drawer, each shown only to the roles allowed it: the data export and the erasure. */
export function ContactLgpdActions({ contactId }: { contactId: number }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user);
  const [eraseOpen, setEraseOpen] = useState(false);
  return (
    <>
      <ContactDataExportButton contactId={contactId} />
      {user && mayWrite(user, 'contactErasure') && (
        <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setEraseOpen(true)} data-testid="contact-erase">
          <LuEraser />
          {t('contactErase.action')}
        </Button>
      )}
      <EraseContactDialog contactId={contactId} open={eraseOpen} onClose={() => setEraseOpen(false)} />
    </>
  );
}
