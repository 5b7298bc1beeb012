import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { hasErrors } from '../validation';

/** How a screen tells a save went through or was refused (`useFeedback`'s, or `useToastFeedback`'s). */
export interface SaveFeedback {
  succeeded(): void;
  saveFailed(error: unknown): void;
}

/**
 * A form dialog's submit: nothing is sent while `check` finds errors; a save that goes through is told and closes
 * the dialog, a refused one is told and leaves the dialog open for another try.
 */
export function saveAndClose(form: { check(): object; feedback: SaveFeedback; onClose(): void }, save: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    if (hasErrors(form.check())) return;
    try {
      await save();
      form.feedback.succeeded();
      form.onClose();
    } catch (error) {
      form.feedback.saveFailed(error);
    }
  };
}

/** The older screens' feedback: the success text, and the server's reason as the failure's toast. */
export function useToastFeedback(success: MessageKey): SaveFeedback {
  const t = useT();
  const showError = useErrorToast();
  return { succeeded: () => toaster.create({ type: 'success', description: t(success) }), saveFailed: showError };
}
