import { z } from 'zod';
import { safeText } from '../common/bounds';

/**
 * POST /facebook: what the browser's Facebook login gave — the user's id and short-lived
 * token (asked with the messaging, pages and Instagram permissions) — and whether the Instagram
 * accounts linked to the pages are connected too.
 */
export const ConnectFacebookRequest = z
  .object({
    facebookUserId: safeText().trim().regex(/^\d{1,30}$/, 'facebookUserId: the numeric id of the Facebook user'),
    facebookUserToken: safeText().trim().min(10).max(2000),
    addInstagram: z.boolean().optional(),
  })
  .strict();
export type ConnectFacebookRequest = z.infer<typeof ConnectFacebookRequest>;
