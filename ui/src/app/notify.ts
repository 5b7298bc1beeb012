import { errorCodeOf, errorMessageOf } from './api';
import { isMessageKey, translate } from '../i18n';
import { loadErrorTexts } from '../i18n/texts';
import { toaster } from './toaster';

/** Error toasts last 2000 ms. */
export const ERROR_TOAST_MS = 2000;

/**
 * The error toast of a failed request: the server code translated when known, else the raw message, else the generic
 * text (the network's own text when the server could not be reached). `persistent` keeps it until dismissed, for a
 * failure the person must read to act on (an outside service down).
 */
export function showErrorToast(error: unknown, options: { persistent?: boolean } = {}): Promise<void> {
  // The error codes' texts are not in the core part (i18n/parts.ts): the first failure loads them, then toasts; if
  // they cannot load (offline), the raw message or the generic text, which is core, is shown.
  const toast = () => {
    const code = errorCodeOf(error);
    const key = `errors.${code}`;
    const description =
      code && isMessageKey(key) ? translate(key) : (errorMessageOf(error) ?? translate(unreachable(error) ? 'errors.network' : 'errors.generic'));
    toaster.create({ type: 'error', description, duration: options.persistent ? Infinity : ERROR_TOAST_MS, closable: true });
  };
  return loadErrorTexts().then(toast, toast);
}

/** RTK Query's statuses for a request that never got an answer (offline, server down, timed out). */
const unreachable = (error: unknown) => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
};

/** The generic error handler, for components. */
export function useErrorToast(options: { persistent?: boolean } = {}) {
  return (error: unknown) => void showErrorToast(error, options);
}
