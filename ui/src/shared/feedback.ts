import { errorCodeOf } from '../app/api';
import { ERROR_TOAST_MS, useErrorToast } from '../app/notify';
import { toaster } from '../app/toaster';
import { isMessageKey, useT, type MessageKey } from '../i18n';

/**
 * A screen's own toasts: the success text, the save failure (the screen's text, with the server's reason under
 * it when it says more) and the delete failure.
 */
export function useFeedback(texts: { success: MessageKey; saveFailed: MessageKey; deleteFailed: MessageKey }) {
  const t = useT();
  const reasonOf = (error: unknown, shown: string): string | undefined => {
    const key = `errors.${errorCodeOf(error)}`;
    if (!isMessageKey(key) || key === 'errors.ERR_VALIDATION') return undefined;
    const reason = t(key);
    return reason === shown ? undefined : reason;
  };
  const failure = (title: string, error: unknown) =>
    toaster.create({ type: 'error', title, description: reasonOf(error, title), duration: ERROR_TOAST_MS, closable: true });
  return {
    succeeded: () => toaster.create({ type: 'success', description: t(texts.success) }),
    saveFailed: (error: unknown) => failure(t(texts.saveFailed), error),
    deleteFailed: (error: unknown) => failure(t(texts.deleteFailed), error),
  };
}

/** The toasts of a screen whose failures show the server's error as it stands (app/notify), and its own success text. */
export function useSuccessOrError(success: MessageKey) {
  const t = useT();
  const showError = useErrorToast();
  return { succeeded: () => toaster.create({ type: 'success', description: t(success) }), deleteFailed: showError };
}
