import { Button } from '@chakra-ui/react';
import { mayDo } from '@conversa/contracts/session/roles';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { fetchMediaBlob } from '../../shared/media';

/** LGPD access: downloads everything held about the contact (GET /contacts/{id}/data-export, a zip); admins only. */
export function ContactDataExportButton({ contactId }: { contactId: number }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user);
  const token = useAppSelector((state) => state.session.token);
  const [busy, setBusy] = useState(false);
  if (!user || !mayDo(user, 'contactDataExport', 'read')) return null;

  const download = async () => {
    setBusy(true);
    try {
      const blob = await fetchMediaBlob(`/contacts/${contactId}/data-export`, token);
      const objectUrl = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = `contact-${contactId}-data.zip`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    } catch {
      toaster.create({ type: 'error', description: t('contactDrawer.dataExportFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="sm" variant="outline" onClick={() => void download()} loading={busy} data-testid="contact-data-export">
      <LuDownload />
      {t('contactDrawer.dataExport')}
    </Button>
  );
}
