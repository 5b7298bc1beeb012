import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../i18n';

/**
 * A centred dialog: the title, the body (`children`, left out when there is none), the footer and the corner close
 * button. Given `onSubmit`, the dialog's content is a form (the footer's submit button sends it). The frame of
 * FormDialog, ConfirmDialog and the screens' own dialogs.
 */
export function DialogShell(props: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  testId: string;
  footer: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  role?: 'alertdialog';
  scrollInside?: boolean;
  /** Mounts the content on opening and drops it on closing, so each opening starts afresh. */
  lazy?: boolean;
  closeButton?: boolean;
  onSubmit?(event: FormEvent): void;
}) {
  const t = useT();
  const inner = (
    <>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      {props.children !== undefined && <Dialog.Body>{props.children}</Dialog.Body>}
      <Dialog.Footer>{props.footer}</Dialog.Footer>
      {(props.closeButton ?? true) && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label={t('common.close')} />
        </Dialog.CloseTrigger>
      )}
    </>
  );
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => !details.open && props.onClose()}
      {...(props.role ? { role: props.role } : {})}
      placement="center"
      size={props.size ?? 'md'}
      scrollBehavior={props.scrollInside ? 'inside' : undefined}
      lazyMount={props.lazy}
      unmountOnExit={props.lazy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {props.onSubmit ? (
            <Dialog.Content data-testid={props.testId} asChild>
              <form onSubmit={props.onSubmit} noValidate>
                {inner}
              </form>
            </Dialog.Content>
          ) : (
            <Dialog.Content data-testid={props.testId}>{inner}</Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
