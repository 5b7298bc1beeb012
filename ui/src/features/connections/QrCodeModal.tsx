import { Box, CloseButton, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { useConnectionsQuery } from './api';

/**
 * The QR code dialog: the connection's current QR code from the live list (session frames
 * replace it as WhatsApp rotates it); it closes by itself once the code empties (paired, or gone).
 */
export default function QrCodeModal({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const t = useT();
  const { connection } = useConnectionsQuery(undefined, { selectFromResult: ({ data }) => ({ connection: data?.find((row) => row.id === connectionId) }) });
  const qrcode = connection?.qrcode ?? '';
  const seen = useRef(false);
  if (qrcode) seen.current = true;

  useEffect(() => {
    // Closes when the code empties after having been shown (or when the connection disappeared).
    if ((seen.current && !qrcode) || (connection === undefined && seen.current)) onClose();
  }, [qrcode, connection, onClose]);

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="qrcode-modal">
            <Dialog.Header>
              <Dialog.Title>{t('connections.qr.title', { name: connection?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack align="center" gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {t('connections.qr.instructions')}
                </Text>
                {qrcode ? (
                  <Box bg="white" p="4" borderRadius="md" data-testid="qrcode-image" data-qrcode={qrcode}>
                    <QRCodeSVG value={qrcode} size={256} />
                  </Box>
                ) : (
                  <Stack align="center" py="10" data-testid="qrcode-waiting">
                    <Spinner />
                    <Text fontSize="sm">{t('connections.qr.waiting')}</Text>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} data-testid="qrcode-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
