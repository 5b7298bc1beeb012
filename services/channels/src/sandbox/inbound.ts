import { DomainError, type SandboxInboundRequest, type StoredMedia } from '@conversa/contracts';
import { inboundMessageId, loadMessage, mediaTypeOf, type ReceivedMessage } from '@conversa/core';
import { mediaFileOf } from '@conversa/media';
import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { createSessionHooks } from '../session-hooks';
import type { SessionContext, SessionHooks } from '../session-port';

/** Addresses a sandbox media url may not reach: the server's own network (SSRF). */
const privateNetworks = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4');
  }
  list.addAddress('::', 'ipv6');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  list.addSubnet('::ffff:0:0', 96, 'ipv6');
  return list;
})();

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
  const lookup = (hostname: string, lookupOptions: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      const allowed = allowPrivate ? addresses : addresses.filter((address) => !privateNetworks.check(address.address, address.family === 6 ? 'ipv6' : 'ipv4'));
      if (allowed.length === 0) return callback(Object.assign(new Error(`${hostname} is not a public address`), { code: 'ENOTFOUND' }), []);
      if ((lookupOptions as { all?: boolean }).all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowPrivate && privateNetworks.check(host, isIP(host) === 6 ? 'ipv6' : 'ipv4')) {
    return Promise.reject(new DomainError('ERR_WAPP_DOWNLOAD_MEDIA', 'mediaUrl: not a public address'));
  }
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(url, { lookup: lookup as never, timeout: options.timeoutMs ?? 15_000 }, (response) => {
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
    if (earlier.status !== 'none') return { messageId: earlier.messageId, ticketId: earlier.ticketId, contactId: earlier.contactId, duplicate: true, position: null };
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
