import { errorCodeOf, errorMessageOf } from './api';
import { isMessageKey, useT } from '../i18n';
import { toaster } from './toaster';

/** Error toasts last 2000 ms. */
export const ERROR_TOAST_MS = 2000;

/** The generic error handler: the server code translated when known, else the raw message, else the generic text. */
export function useErrorToast() {
  const t = useT();
  return (error: unknown) => {
    const code = errorCodeOf(error);
    const key = `errors.${code}`;
    const description = code && isMessageKey(key) ? t(key) : (errorMessageOf(error) ?? t('errors.generic'));
    toaster.create({ type: 'error', description, duration: ERROR_TOAST_MS, closable: true });
  };
}
