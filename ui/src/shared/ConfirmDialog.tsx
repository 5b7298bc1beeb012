import { Button, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { DialogShell } from './form/DialogShell';

/** What a `useConfirmation` (or `useConfirmedDelete`) hands its dialog. */
export interface Confirmation {
  open: boolean;
  pending: boolean;
  confirm(): void;
  close(): void;
}

/**
 * The yes/no question before a destructive action ('Deseja realmente excluir este registro?'). Given `of`, a
 * `useConfirmation`, it opens, confirms, closes and shows the pending action from it.
 */
export function ConfirmDialog({
  of,
  open = of?.open ?? false,
  title,
  message,
  onConfirm = () => of?.confirm(),
  onClose = () => of?.close(),
  loading = of?.pending,
  testId = 'confirm-dialog',
  confirmTestId = `${testId}-confirm`,
  size = 'sm',
  closeButton = false,
  children,
  confirmDisabled = false,
}: {
  of?: Confirmation;
  open?: boolean;
  title: string;
  /** A line under the title. */
  message?: string;
  onConfirm?: () => void;
  onClose?: () => void;
  loading?: boolean;
  testId?: string;
  confirmTestId?: string;
  size?: 'sm' | 'md';
  /** The corner close button, as the screens' larger confirmations have it. */
  closeButton?: boolean;
  /** What the question also asks for (a reason), under the message. */
  children?: ReactNode;
  /** The yes waits for what the children ask. */
  confirmDisabled?: boolean;
}) {
  const t = useT();
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      testId={testId}
      size={size}
      closeButton={closeButton}
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('common.no')}
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={loading} disabled={confirmDisabled} data-testid={confirmTestId}>
            {t('common.yes')}
          </Button>
        </>
      }
    >
      {message !== undefined || children ? (
        <>
          {message !== undefined && <Text>{message}</Text>}
          {children}
        </>
      ) : undefined}
    </DialogShell>
  );
}

/**
 * The subject of a pending confirmation: `ask(subject)` opens it, `confirm()` runs the action, which answers
 * whether the question closes ('close') or stays for another try ('stay').
 */
export function useConfirmation<Subject>(action: (subject: Subject) => Promise<'close' | 'stay'>) {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (subject === null) return;
    setPending(true);
    const after = await action(subject).finally(() => setPending(false));
    if (after === 'close') setSubject(null);
  };
  return { subject, open: subject !== null, pending, ask: (next: Subject) => setSubject(next), close: () => setSubject(null), confirm };
}

/**
 * The admin lists' delete: the success toast or the delete failure. The question closes either way, or with
 * `{ failure: 'stay' }` stays open after a refused delete for another try; `deleted` runs before the toast.
 */
export function useConfirmedDelete<Subject extends { id: number }>(
  remove: (id: number) => { unwrap(): Promise<unknown> },
  feedback: { succeeded(): void; deleteFailed(error: unknown): void },
  options: { failure?: 'close' | 'stay'; deleted?(subject: Subject): void } = {},
) {
  return useConfirmation<Subject>(async (subject) => {
    try {
      await remove(subject.id).unwrap();
      options.deleted?.(subject);
      feedback.succeeded();
      return 'close';
    } catch (error) {
      feedback.deleteFailed(error);
      return options.failure ?? 'close';
    }
  });
}
