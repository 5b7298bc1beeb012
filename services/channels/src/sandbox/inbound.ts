import { DomainError, type SandboxInboundRequest, type StoredMedia } from '@conversa/contracts';
import { inboundMessageId, isRefusedAddress, loadMessage, mediaTypeOf, refusingLookup, type ReceivedMessage } from '@conversa/core';
import { mediaFileOf } from '@conversa/media';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { createSessionHooks } from '../session-hooks';
import type { SessionContext, SessionHooks } from '../session-port';

export interface SandboxMediaOptions {
  /** Let media urls reach private and loopback addresses (tests, a developer's machine). Default false. */
  allowPrivateNetworks?: boolean;
  /** Give up on a media url after this long. Default 15 s. */
  timeoutMs?: number;
}

/** The sender's file name from a url path, for the media's download name. */
function fileNameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').slice(0, 200);
  return last || 'arquivo';
}

/**
 * Fetches a media url as a real channel downloads a contact's file: http(s) only, at most the media
 * store's size, never into the server's own network unless allowed, no redirects (a redirect could
 * point inside). The bytes stream into the media store, which sniffs and allow-lists them.
 */
function download(url: URL, options: SandboxMediaOptions): Promise<{ stream: Readable; mime: string | undefined }> {
  const allowPrivate = options.allowPrivateNetworks ?? false;
  // The one outbound-address rule (services/core/src/net/outbound-address.ts), checked on the address connected to.
  const lookup = allowPrivate ? undefined : refusingLookup('ENOTFOUND');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowPrivate && isRefusedAddress(host)) {
    return Promise.reject(new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', 'mediaUrl: not a public address'));
  }
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(url, { ...(lookup ? { lookup } : {}), timeout: options.timeoutMs ?? 15_000 }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', `mediaUrl answered ${response.statusCode}`));
        return;
      }
      resolve({ stream: response, mime: response.headers['content-type'] });
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => reject(error instanceof DomainError ? error : new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', `mediaUrl: ${error.message}`)));
  });
}

async function inboundMedia(ctx: SessionContext, hooks: SessionHooks, mediaUrl: string, options: SandboxMediaOptions): Promise<StoredMedia> {
  // A file already in this company's media store (the phone page uploads there) needs no download.
  if (mediaUrl.startsWith('/media/')) {
    if (!mediaFileOf(hooks.companyId, mediaUrl)) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', 'mediaUrl: not a file of this company');
    const stored = await ctx.media.describe(hooks.companyId, mediaUrl);
    if (!stored) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', 'mediaUrl: no such file');
    return stored;
  }
  const url = new URL(mediaUrl);
  const { stream, mime } = await download(url, options);
  try {
    return await hooks.saveMedia({ data: stream, mime, name: fileNameOf(url) });
  } finally {
    stream.destroy();
  }
}

/**
 * POST /sandbox/:connectionId/messages: the contact's message enters through the connection's
 * session hooks, exactly as a real channel's would (contact found or created, ticket reused or
 * opened, idempotent on the message id). Without an id, each delivery is a new message.
 */
export async function deliverSandboxMessage(
  ctx: SessionContext,
  target: { id: number; companyId: number },
  input: SandboxInboundRequest,
  options: SandboxMediaOptions = {},
): Promise<ReceivedMessage> {
  const hooks = createSessionHooks(ctx, { ...target, channel: 'sandbox' });
  const providerId = input.id ?? randomUUID();
  // A file delivered again is not downloaded again (receiveMessage itself recognises a repeated message).
  if (input.mediaUrl) {
    const earlier = await loadMessage(ctx, inboundMessageId(target.companyId, target.id, providerId));
    if (earlier.status !== 'none')
      return { messageId: earlier.messageId, ticketId: earlier.ticketId, contactId: earlier.contactId, duplicate: true, position: null };
  }
  const media = input.mediaUrl ? await inboundMedia(ctx, hooks, input.mediaUrl, options) : null;
  const downloaded = media !== null && !input.mediaUrl!.startsWith('/media/');
  let received: ReceivedMessage;
  try {
    received = await hooks.receiveMessage({
      contact: { number: input.from, name: input.name ?? input.from, isGroup: false },
      providerId,
      body: input.body ?? '',
      mediaType: media ? mediaTypeOf(media.mime) : 'chat',
      media,
      receivedAt: ctx.now(),
    });
  } catch (error) {
    // A refused message leaves no file behind (unless it was already the company's).
    if (downloaded) await ctx.media.remove(target.companyId, media.url);
    throw error;
  }
  // A concurrent delivery of the same id won: its file is the message's, this copy goes.
  if (received.duplicate && downloaded) await ctx.media.remove(target.companyId, media.url);
  return received;
}
