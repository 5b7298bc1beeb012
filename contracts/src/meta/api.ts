import { z } from 'zod';
import { safeText } from '../common/bounds';

/**
 * POST /facebook: what the browser's Facebook login gave — the user's id and short-lived
 * token (asked with the messaging, pages and Instagram permissions) — and whether the Instagram
 * accounts linked to the pages are connected too.
 */
export const ConnectFacebookRequest = z
  .object({
    facebookUserId: safeText()
      .trim()
      .regex(/^\d{1,30}$/, 'facebookUserId: the numeric id of the Facebook user'),
    facebookUserToken: safeText().trim().min(10).max(2000),
    addInstagram: z.boolean().optional(),
  })
  .strict();
export type ConnectFacebookRequest = z.infer<typeof ConnectFacebookRequest>;

const graphId = safeText()
  .trim()
  .regex(/^\d{1,30}$/);

/**
 * PUT /whatsapp/{id}/cloud-api: a WhatsApp Cloud API number — its phone number id, the WhatsApp
 * Business Account that holds it, and a (system user) access token. The token may be left out to
 * keep the one stored (it is never shown again).
 */
export const CloudApiConfigRequest = z
  .object({
    phoneNumberId: graphId,
    businessAccountId: graphId,
    token: safeText().trim().min(20).max(2000).optional(),
  })
  .strict();
export type CloudApiConfigRequest = z.infer<typeof CloudApiConfigRequest>;

/** What GET/PUT /whatsapp/{id}/cloud-api answer: the ids, and only the token's last four characters. */
export interface CloudApiConfigView {
  connectionId: number;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  /** '…' and the token's last 4 characters; null when no token is stored. */
  tokenHint: string | null;
}

/** An approved message template of the number's business account, as the composer offers it. */
export interface MessageTemplateView {
  name: string;
  language: string;
  category: string;
  /** The body's text with its {{1}}, {{2}} … placeholders. */
  body: string;
  /** How many {{n}} the body has: that many parameters must be given. */
  parameters: number;
}

/** GET /messages/{ticketId}/templates: whether the 24-hour window is open, and the templates that may be sent. */
export interface TicketTemplatesView {
  windowOpen: boolean;
  /** When the window closes (24 h after the contact's last message); null when it is closed or never opened. */
  windowClosesAt: string | null;
  templates: MessageTemplateView[];
}

/** POST /messages/{ticketId}/template. */
export const SendTemplateRequest = z
  .object({
    name: safeText().regex(/^[a-z0-9_]{1,512}$/),
    language: safeText().regex(/^[a-z]{2,3}(?:_[A-Za-z]{2,4})?$/),
    parameters: z.array(safeText().trim().min(1).max(1024)).max(20).default([]),
  })
  .strict();
export type SendTemplateRequest = z.infer<typeof SendTemplateRequest>;

/** The text a template's body reads with its parameters in place of {{1}}, {{2}} … */
export const fillTemplate = (body: string, parameters: readonly string[]): string =>
  body.replace(/\{\{(\d+)\}\}/g, (whole, index: string) => parameters[Number(index) - 1] ?? whole);

/** How many distinct {{n}} placeholders a template body has. */
export const templateParameterCount = (body: string): number => new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => match[1])).size;
