import { createLocalDiskMediaStore } from '@conversa/media';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer } from './harness';
import {
  admin,
  call,
  channels,
  delivered,
  inbound,
  messageCount,
  openConversation,
  other,
  send,
  sendText,
  server,
  storedFiles,
  upload,
} from './messages-fixture';

describe('uploads', () => {
  it('stores each file under a generated name and makes one message per file', async () => {
    const { ticketId } = await openConversation();
    const response = await upload(ticketId, [
      { name: 'medias', filename: '../../comprovante.html', contentType: 'text/html', data: samples.png },
      { name: 'medias', filename: 'contrato.pdf', contentType: 'application/pdf', data: samples.pdf },
      { name: 'body', value: 'comprovante' },
      { name: 'body', value: 'contrato' },
      { name: 'isPrivate', value: 'false' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [image, document] = response.json().messages;
    expect(image).toMatchObject({ mediaType: 'image', mediaMime: 'image/png', mediaName: 'comprovante.html', body: 'comprovante' });
    expect(image.mediaUrl).toMatch(new RegExp(`^/media/${admin.companyId}/[0-9a-f-]{36}\\.png$`));
    expect(image.mediaUrl).not.toContain('comprovante');
    expect(document).toMatchObject({ mediaType: 'application', mediaMime: 'application/pdf', mediaName: 'contrato.pdf', body: 'contrato' });
    const file = await server.app.inject({ method: 'GET', url: image.mediaUrl, headers: bearer(admin.token) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(samples.png);

    await delivered(image.id);
    const outbound = channels.sent.find((item) => item.messageId === image.id)!;
    expect(outbound.media).toMatchObject({ url: image.mediaUrl, mime: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const chunk of await outbound.media!.read()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(samples.png);
  });

  it('refuses a type outside the allow-list and keeps neither file nor message', async () => {
    const { ticketId } = await openConversation();
    const before = await messageCount(ticketId);
    const filesBefore = storedFiles();
    const response = await upload(ticketId, [
      { name: 'medias', filename: 'ok.png', contentType: 'image/png', data: samples.png },
      { name: 'medias', filename: 'setup.exe', contentType: 'application/octet-stream', data: samples.elf },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect(await messageCount(ticketId)).toBe(before);
    // The PNG stored before the refusal was removed again.
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('streams files larger than the JSON body limit into the store', async () => {
    const { ticketId } = await openConversation();
    const large = Buffer.concat([samples.png, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const response = await upload(ticketId, [{ name: 'medias', filename: 'grande.png', contentType: 'image/png', data: large }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().messages[0]).toMatchObject({ mediaMime: 'image/png', mediaSize: large.length });
  });

  it('refuses a file over the size limit', async () => {
    const { ticketId } = await openConversation();
    const real = server.wiring.ctx.media;
    server.wiring.ctx.media = createLocalDiskMediaStore({ dir: mkdtempSync(join(tmpdir(), 'conversa-small-')), maxBytes: 1024 });
    try {
      const response = await upload(ticketId, [
        { name: 'medias', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([samples.png, Buffer.alloc(4096)]) },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe('ERR_MEDIA_TOO_LARGE');
      expect(await messageCount(ticketId)).toBe(1);
    } finally {
      server.wiring.ctx.media = real;
    }
  });

  it('refuses a request without files, and files on a ticket that is not open', async () => {
    const { ticketId } = await openConversation();
    const none = await upload(ticketId, [{ name: 'body', value: 'sem arquivo' }]);
    expect(none.statusCode).toBe(400);
    const pending = await inbound();
    const closedTo = await upload(pending.ticketId, [{ name: 'medias', filename: 'a.png', contentType: 'image/png', data: samples.png }]);
    expect(closedTo.statusCode).toBe(409);
    expect(await messageCount(pending.ticketId)).toBe(1);
  });

  it('sends a file already in the store by its url (a quick message attachment), never another company file', async () => {
    const { ticketId } = await openConversation();
    const mine = await server.wiring.ctx.media.save({ companyId: admin.companyId, data: samples.pdf, originalName: 'tabela.pdf' });
    const response = await send(ticketId, { body: '', mediaUrl: mine.url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().messages[0]).toMatchObject({ mediaType: 'application', mediaUrl: mine.url, mediaName: 'tabela.pdf' });
    const theirs = await server.wiring.ctx.media.save({ companyId: other.companyId, data: samples.pdf, originalName: 'segredo.pdf' });
    expect((await send(ticketId, { body: 'x', mediaUrl: theirs.url })).statusCode).toBe(400);
    expect((await send(ticketId, { body: 'x', mediaUrl: theirs.url.replace(`/media/${other.companyId}/`, `/media/${admin.companyId}/`) })).statusCode).toBe(
      400,
    );
  });
});

describe('media tabs and gallery', () => {
  it('lists pictures with their page, and media, documents, links and calls', async () => {
    const { ticketId } = await openConversation();
    const picture = (
      await upload(ticketId, [
        { name: 'medias', filename: 'foto.png', contentType: 'image/png', data: samples.png },
        { name: 'body', value: 'foto 1' },
      ])
    ).json().messages[0];
    const doc = (await upload(ticketId, [{ name: 'medias', filename: 'nota.pdf', contentType: 'application/pdf', data: samples.pdf }])).json().messages[0];
    await sendText(ticketId, 'Veja https://example.com/a e http://example.org/b?x=1');
    for (let index = 0; index < 21; index++) await sendText(ticketId, `depois ${index}`);

    const gallery = (await call(admin.token, 'GET', `/messages/listimages/${ticketId}`)).json();
    expect(gallery).toEqual({ images: [{ mediaUrl: picture.mediaUrl, pageNumber: 2, body: 'foto 1' }] });

    const tabs = (await call(admin.token, 'GET', `/messages/getmedia/${ticketId}`)).json();
    expect(tabs.media.map((m: any) => m.id)).toEqual([picture.id]);
    expect(tabs.documents.map((m: any) => m.id)).toEqual([doc.id]);
    expect(tabs.links.map((link: any) => link.url)).toEqual(['https://example.com/a', 'http://example.org/b?x=1']);
    expect(tabs.calls).toEqual([]);
  });
});
