import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useT } from '../../i18n';

/** Spec 1 §8: 'Deseja realmente excluir este registro?' before a note (or a message) is deleted. */
export function ConfirmDialog({ open, title, onConfirm, onClose, loading, testId = 'confirm-dialog' }: { open: boolean; title: string; onConfirm: () => void; onClose: () => void; loading?: boolean; testId?: string }) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} role="alertdialog" placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid={`${testId}-cancel`}>
                {t('common.no')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={loading} data-testid={`${testId}-confirm`}>
                {t('common.yes')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
