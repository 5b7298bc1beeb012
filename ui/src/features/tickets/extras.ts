/** A contact's rating of a closed ticket, 1 to 5, as the emoji the lists and header show. */
const RATING_EMOJI = ['😡', '🙁', '😐', '🙂', '😍'] as const;

export const ratingEmoji = (rating: number | null | undefined): string | null =>
  typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? RATING_EMOJI[rating - 1]! : null;

/** The external voice-call page the call button opens in a popup (the connection's call token authenticates it). */
export const VOICE_CALL_PAGE = 'https://app.wavoip.com/call';
export const VOICE_CALL_POPUP = 'toolbar=no,scrollbars=no,resizable=no,width=350,height=550';

/**
 * The call page's address: token, phone (digits only), contact name, and the flags that start the call when ready
 * and close the popup after it. Null without a token or a usable number (a masked one has '*').
 */
export function voiceCallUrl(token: string | null | undefined, number: string | null | undefined, name: string): string | null {
  const phone = (number ?? '').includes('*') ? '' : (number ?? '').replace(/\D/g, '');
  if (!token?.trim() || phone === '') return null;
  const params = new URLSearchParams({ token: token.trim(), phone, name, start_if_ready: 'true', close_after_call: 'true' });
  return `${VOICE_CALL_PAGE}?${params.toString()}`;
}
