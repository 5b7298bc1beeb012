import { Button, HStack, Spinner } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n';
import { DialogShell } from './form/DialogShell';

/**
 * A dialog around a form: the title, the fields (`children`), and the footer with cancel and save (or the
 * dialog's own footer). While `onSubmit`'s promise is pending the save button is busy and a second submit is
 * ignored; `busy` adds the screen's own pending work (an upload after the save).
 */
export function FormDialog(props: {
  open?: boolean;
  onClose(): void;
  title: ReactNode;
  testId: string;
  onSubmit?(): void | Promise<void>;
  busy?: boolean;
  /** The save button waits (the record is still loading). */
  saveDisabled?: boolean;
  /** The record is still loading: a spinner stands for the fields, and the save button waits. */
  loading?: boolean;
  saveTestId?: string;
  saveLabel?: string;
  cancelTestId?: string;
  /** Replaces the cancel and save buttons. */
  footer?: ReactNode;
  /** A dialog with nothing to save: the footer is a close button alone (under `cancelTestId`). */
  closeOnly?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  scrollInside?: boolean;
  /** Mounts the content on opening and drops it on closing, so each opening starts afresh. */
  lazy?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: a dialog opened from inside another form must not submit that form too.
    event.stopPropagation();
    if (submitting || !props.onSubmit) return;
    setSubmitting(true);
    try {
      await props.onSubmit();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <DialogShell
      open={props.open ?? true}
      onClose={props.onClose}
      title={props.title}
      testId={props.testId}
      size={props.size}
      scrollInside={props.scrollInside}
      lazy={props.lazy}
      onSubmit={submit}
      footer={
        props.footer ??
        (props.closeOnly ? (
          <Button variant="outline" onClick={props.onClose} data-testid={props.cancelTestId}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={props.onClose} data-testid={props.cancelTestId}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.busy || submitting} disabled={props.saveDisabled || props.loading} data-testid={props.saveTestId}>
              {props.saveLabel ?? t('common.save')}
            </Button>
          </>
        ))
      }
    >
      {props.loading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : (
        props.children
      )}
    </DialogShell>
  );
}
