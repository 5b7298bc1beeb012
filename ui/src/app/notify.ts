import { errorCodeOf, errorMessageOf } from './api';
import { isMessageKey, translate } from '../i18n';
import { loadErrorTexts } from '../i18n/texts';
import { toaster } from './toaster';

/** Error toasts last 2000 ms. */
export const ERROR_TOAST_MS = 2000;

/** The error toast of a failed request: the server code translated when known, else the raw message, else the generic text. */
export function showErrorToast(error: unknown): Promise<void> {
  // The error codes' texts are not in the core part (i18n/parts.ts): the first failure loads them, then toasts; if
  // they cannot load (offline), the raw message or the generic text, which is core, is shown.
  const toast = () => {
    const code = errorCodeOf(error);
    const key = `errors.${code}`;
    const description = code && isMessageKey(key) ? translate(key) : (errorMessageOf(error) ?? translate('errors.generic'));
    toaster.create({ type: 'error', description, duration: ERROR_TOAST_MS, closable: true });
  };
  return loadErrorTexts().then(toast, toast);
}

/** The generic error handler, for components. */
export function useErrorToast() {
  return (error: unknown) => void showErrorToast(error);
}
