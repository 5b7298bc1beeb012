/// <reference lib="dom" />
import { inboundContext, RecordingChannelGateway } from '@conversa/channels';
import { changeTicket, receiveMessage, userActor } from '@conversa/core';
import { screenshot, signIn } from '@conversa/testing/browser';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../../media/test/samples';
import { bearer, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The conversation of the ticket screen in Debian's Chromium against the real server: sending
 * text and files, the 15-minute edit window (the server clock moved back), a private note, forwarding with the
 * selection mode, an inbound message arriving live, the contact drawer with a note, quick replies, screenshots.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const channels = new RecordingChannelGateway();
let admin: { email: string; password: string; token: string; userId: number; companyId: number };
let maria: { number: string; name: string; ticketId: number; uuid: string };
let phone = 5511960000000;

/** The contact writes on the channel (the inbound path the channel adapters use). */
async function inbound(contact: { number: string; name: string }, body: string) {
  const received = await receiveMessage(inboundContext(server.wiring.ctx), {
    companyId: admin.companyId,
    whatsappId: null,
    channel: 'whatsapp',
    contact: { number: contact.number, name: contact.name, isGroup: false },
    providerId: `conversation-${contact.number}-${Math.random()}`,
    body,
    mediaType: 'chat',
    receivedAt: server.wiring.ctx.now(),
  });
  await server.wiring.ctx.waitForProjections(received.position);
  return received;
}

/** A contact wrote and the admin accepted the ticket: an open conversation of the admin's. */
async function openConversation(name: string, firstMessage: string) {
  const number = String((phone += 1));
  const { ticketId } = await inbound({ number, name }, firstMessage);
  const accepted = await changeTicket(server.wiring.ctx, {
    companyId: admin.companyId,
    actor: userActor(admin.userId),
    ticketId,
    command: { type: 'AcceptTicket', userId: admin.userId },
  });
  await server.wiring.ctx.waitForProjections(accepted.position);
  const row = await server.wiring.db.selectFrom('read.tickets').select('uuid').where('id', '=', ticketId).executeTakeFirstOrThrow();
  return { number, name, ticketId, uuid: row.uuid as string };
}

const messagesOf = (ticketId: number) =>
  server.wiring.db.selectFrom('read.messages').selectAll().where('ticket_id', '=', ticketId).orderBy('created_at').execute();

/** The bubble whose text contains `text`. */
const bubble = (text: string) => page.locator('[data-testid^="message-"][data-from-me]', { hasText: text });
const bubbleId = async (text: string) => (await bubble(text).getAttribute('data-testid'))!.replace('message-', '');

/**
 * The fake microphone's samples reach the page's recorder only while this gate is open, and the page
 * counts the seconds that did: a voice note's length is the test's choice, not the machine's speed (a
 * "too short" recording clicked closed after 0.63 s of load was kept).
 */
async function microphone(open: boolean) {
  await page.evaluate((open) => {
    const w = window as unknown as { micOpen: boolean; micSeconds: number; micGated?: boolean };
    w.micOpen = open;
    w.micSeconds = 0;
    if (w.micGated) return;
    w.micGated = true;
    const native = Object.getOwnPropertyDescriptor(ScriptProcessorNode.prototype, 'onaudioprocess')!;
    Object.defineProperty(ScriptProcessorNode.prototype, 'onaudioprocess', {
      configurable: true,
      get() {
        return native.get!.call(this);
      },
      set(handler: ((event: AudioProcessingEvent) => void) | null) {
        const gated =
          handler &&
          ((event: AudioProcessingEvent) => {
            if (!w.micOpen) return;
            w.micSeconds += event.inputBuffer.duration;
            handler(event);
          });
        native.set!.call(this, gated);
      },
    });
  }, open);
}

async function send(text: string) {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
  await bubble(text).waitFor();
}

async function openMenu(text: string) {
  await page.getByTestId(`message-menu-${await bubbleId(text)}`).click();
}

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true, channels });
  // Debian's Chromium with launchBrowser's flags, plus a fake microphone and camera (a tone and a test pattern)
  // so voice notes and photos can be recorded headless.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const company = await signupCompany(server, 'Conversa Viva', 61);
  admin = { ...company, token: (await server.login(company.email, company.password)).token };
  maria = await openConversation('Maria Souza', 'Olá, preciso de ajuda com meu pedido');
  context = await browser.newContext({ viewport: { width: 1366, height: 860 }, permissions: ['microphone', 'camera'] });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await signIn(page, server.url, admin, { path: '/tickets' });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the conversation in a browser', { timeout: 90_000 }, () => {
  it('opens the ticket with its messages, day separator and composer', async () => {
    await page.goto(`${server.url}/tickets/${maria.uuid}`);
    await page.getByTestId('messages-panel').waitFor();
    await bubble('Olá, preciso de ajuda com meu pedido').waitFor();
    await expect(page.getByTestId('day-separator').first().textContent()).resolves.toBe('Hoje');
    await expect(page.getByTestId('composer-input').isEnabled()).resolves.toBe(true);
    await expect(page.getByTestId('reply-window-banner').count()).resolves.toBe(0);
    await screenshot(page, 'conversation-open');
  });

  it('sends text with Enter, signed while the signature is on; the channel takes it and the ack turns to sent', async () => {
    await send('Olá Maria! Vou verificar seu pedido.');
    const sent = bubble('Olá Maria! Vou verificar seu pedido.');
    await sent.locator('[data-ack="sent"]').waitFor();
    expect(channels.sent.map((message) => message.body)).toContain('*Conversa Viva Admin*:\nOlá Maria! Vou verificar seu pedido.');
    await expect(page.getByTestId('composer-input').inputValue()).resolves.toBe('');
    // The company's sendSignMessage is on by default; the attendant may turn signing off (remembered).
    await page.getByTestId('composer-signature').click();
    await expect(page.evaluate(() => localStorage.getItem('persistentSignMessage'))).resolves.toBe('false');
    await send('Sem assinatura agora');
    expect(channels.sent.map((message) => message.body)).toContain('Sem assinatura agora');
  });

  it('sends a document and a picture as files, and opens the picture in the gallery', async () => {
    await page.getByTestId('composer-document-input').setInputFiles({ name: 'nota-fiscal.pdf', mimeType: 'application/pdf', buffer: samples.pdf });
    await page.getByTestId('composer-files').waitFor();
    await page.getByTestId('composer-caption').fill('Segue a nota');
    await page.getByTestId('composer-send-files').click();
    const documentBubble = page.locator('[data-testid^="message-document-"]', { hasText: 'nota-fiscal.pdf' });
    await documentBubble.waitFor();
    await bubble('Segue a nota').waitFor();

    await page.getByTestId('composer-media-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: samples.png });
    await page.getByTestId('composer-send-files').click();
    const image = page.locator('[data-testid^="message-image-"]').last();
    await image.waitFor();
    // The picture is fetched with the session's token and shown from a blob URL.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid^="message-image-"] img')].some(
        (img) => (img as HTMLImageElement).src.startsWith('blob:') && (img as HTMLImageElement).complete,
      ),
    );
    const stored = (await messagesOf(maria.ticketId)).filter((row) => row.media_type === 'image' || row.media_type === 'application');
    expect(stored.map((row) => row.media_name).sort()).toEqual(['foto.png', 'nota-fiscal.pdf']);
    await screenshot(page, 'conversation-files');

    await image.click();
    await page.getByTestId('image-gallery').waitFor();
    await page.getByTestId('gallery-zoom-in').click();
    await page.getByTestId('gallery-rotate').click();
    await page.locator('[data-testid="gallery-image"][data-zoom="1.2"][data-rotation="90"]').waitFor();
    await screenshot(page, 'conversation-gallery');
    await page.getByTestId('gallery-close').click();
    await page.getByTestId('image-gallery').waitFor({ state: 'detached' });
  });

  it('edits own text within 15 minutes, and offers no edit once the window has passed', async () => {
    await send('Seu pedido sai amanhã');
    await openMenu('Seu pedido sai amanhã');
    await page.getByTestId('message-action-edit').click();
    await page.getByTestId('composer-editing').waitFor();
    const input = page.getByTestId('composer-input');
    await expect(input.inputValue()).resolves.toBe('Seu pedido sai amanhã');
    await input.fill('Seu pedido sai hoje à tarde');
    await input.press('Enter');
    const edited = bubble('Seu pedido sai hoje à tarde');
    await edited.getByTestId('message-edited').waitFor();
    await expect(bubble('Seu pedido sai amanhã').count()).resolves.toBe(0);

    // A message written 16 minutes ago (server clock): the window has closed.
    const realNow = server.wiring.ctx.now;
    try {
      server.wiring.ctx.now = () => new Date(Date.now() - 16 * 60_000);
      await send('Mensagem de dezesseis minutos atrás');
    } finally {
      server.wiring.ctx.now = realNow;
    }
    await openMenu('Mensagem de dezesseis minutos atrás');
    await page.getByTestId('message-action-delete').waitFor();
    await expect(page.getByTestId('message-action-edit').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    // The server agrees.
    const late = await server.app.inject({
      method: 'POST',
      url: `/messages/edit/${await bubbleId('Mensagem de dezesseis minutos atrás')}`,
      headers: bearer(admin.token),
      payload: { body: 'tarde demais' },
    });
    expect(late.json().error).toBe('ERR_MESSAGE_EDIT_EXPIRED');
  });

  it('records a voice note as MP3, and discards one too short to keep', async () => {
    const before = (await messagesOf(maria.ticketId)).length;
    // Closed microphone: however long the click takes on a loaded machine, no sample reaches the recorder.
    await microphone(false);
    await page.getByTestId('composer-record').click();
    await page.getByTestId('composer-recording').waitFor();
    await page.getByTestId('audio-send').click();
    await page.getByTestId('toast-info').getByText('Áudio muito curto; a gravação foi descartada.').waitFor();
    expect((await messagesOf(maria.ticketId)).length).toBe(before);

    await microphone(true);
    await page.getByTestId('composer-record').click();
    // The recording's own clock, and (the kept size, 10,000 bytes, is 0.63 s at 128 kbps) one second of
    // the fake microphone's tone counted as it reaches the recorder.
    await page.getByTestId('composer-recording').getByText('0:02').waitFor();
    await page.waitForFunction(() => (window as unknown as { micSeconds: number }).micSeconds >= 1);
    await page.getByTestId('audio-send').click();
    await page.locator('[data-testid^="message-audio-"]').last().waitFor();
    const audio = (await messagesOf(maria.ticketId)).filter((row) => row.media_type === 'audio');
    expect(audio).toHaveLength(1);
    expect(audio[0]).toMatchObject({ media_mime: 'audio/mpeg' });
    expect(Number(audio[0]!.media_size)).toBeGreaterThanOrEqual(10_000);
    await page.locator('[data-testid^="message-audio-"]').last().getByTestId('audio-rate').click();
    await expect(page.evaluate(() => localStorage.getItem('audioMessageRate'))).resolves.toBe('1.5');
  });

  it('takes a photo with the camera and sends it', async () => {
    const images = async () => (await messagesOf(maria.ticketId)).filter((row) => row.media_type === 'image').length;
    const before = await images();
    await page.getByTestId('composer-attach').click();
    await page.getByTestId('attach-camera').click();
    await page.getByTestId('camera-dialog').waitFor();
    await page.locator('[data-testid="camera-capture"]:not([disabled])').click();
    await page.getByTestId('camera-use').click();
    await page
      .getByTestId('composer-files')
      .getByText(/foto-\d+\.jpg/)
      .waitFor();
    await page.getByTestId('composer-send-files').click();
    await expect.poll(images, { timeout: 10_000 }).toBe(before + 1);
  });

  it('deletes own message after confirmation', async () => {
    await openMenu('Mensagem de dezesseis minutos atrás');
    await page.getByTestId('message-action-delete').click();
    await page.getByTestId('message-delete-dialog-confirm').click();
    // The attendants still read what their colleague wrote, set apart under the deletion mark.
    const deleted = bubble('Mensagem de dezesseis minutos atrás');
    await deleted.getByTestId('message-deleted').waitFor();
    await expect(deleted.getByTestId('message-deleted-content').textContent()).resolves.toContain('Mensagem de dezesseis minutos atrás');
  });

  it('writes a private note that only the team sees', async () => {
    const before = channels.attempts.length;
    await page.getByTestId('composer-private').click();
    await page.locator('[data-testid="composer"][data-private="true"]').waitFor();
    await send('Cliente pediu desconto; falar com o gerente');
    const note = bubble('Cliente pediu desconto; falar com o gerente');
    await expect(note.getAttribute('data-private')).resolves.toBe('true');
    await screenshot(page, 'conversation-private-note');
    await page.getByTestId('composer-private').click();
    const row = (await messagesOf(maria.ticketId)).find((message) => message.body === 'Cliente pediu desconto; falar com o gerente');
    expect(row?.is_private).toBe(true);
    expect(channels.attempts.slice(before).map((attempt) => attempt.message.body)).not.toContain('Cliente pediu desconto; falar com o gerente');
  });

  it('shows an inbound message live, without reloading', async () => {
    await inbound(maria, 'Obrigada! Fico no aguardo.');
    await bubble('Obrigada! Fico no aguardo.').waitFor();
    await expect(bubble('Obrigada! Fico no aguardo.').getAttribute('data-from-me')).resolves.toBe('false');
    await screenshot(page, 'conversation-inbound-live');
  });

  it('forwards selected messages to another contact, and says so when none is selected', async () => {
    const joana = await openConversation('Joana Lima', 'Oi, aqui é a Joana');
    await openMenu('Olá, preciso de ajuda com meu pedido');
    await page.getByTestId('message-action-forward').click();
    await page.getByTestId('selection-bar').waitFor();
    const first = await bubbleId('Olá, preciso de ajuda com meu pedido');
    await page.getByTestId(`message-select-${first}`).click();
    await page.getByTestId('selection-forward').click();
    await page.getByTestId('toast-warning').getByText('Nenhuma mensagem selecionada').waitFor();

    await page.getByTestId(`message-select-${first}`).click();
    await page.getByTestId(`message-select-${await bubbleId('Obrigada! Fico no aguardo.')}`).click();
    await expect(page.getByTestId('selection-bar').textContent()).resolves.toContain('2 mensagens selecionadas');
    await screenshot(page, 'conversation-forward-selection');
    await page.getByTestId('selection-forward').click();
    await page.getByTestId('forward-dialog').waitFor();
    await page.getByTestId('forward-contact-input').fill('Joa');
    const option = page.locator('[data-testid^="forward-contact-option-"]', { hasText: 'Joana Lima' });
    await option.click();
    await page.getByTestId('forward-confirm').click();
    await page.getByTestId('forward-dialog').waitFor({ state: 'detached' });
    await expect(page.getByTestId('selection-bar').count()).resolves.toBe(0);

    await expect
      .poll(async () => (await messagesOf(joana.ticketId)).filter((message) => message.is_forwarded).map((message) => message.body), { timeout: 10_000 })
      .toEqual(['Olá, preciso de ajuda com meu pedido', 'Obrigada! Fico no aguardo.']);
  });

  it('offers quick replies for a leading slash', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/quick-messages',
      headers: bearer(admin.token),
      payload: { shortcode: 'prazo', message: 'Nosso prazo de entrega é de 3 a 5 dias úteis para todo o Brasil.' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const input = page.getByTestId('composer-input');
    await input.fill('/pra');
    const menu = page.getByTestId('quick-replies');
    await menu.waitFor();
    await expect(menu.textContent()).resolves.toContain('Nosso prazo de entrega é de 3 a 5 d...');
    await screenshot(page, 'conversation-quick-replies');
    await input.press('Enter');
    await expect(input.inputValue()).resolves.toBe('Nosso prazo de entrega é de 3 a 5 dias úteis para todo o Brasil.');
    await input.fill('');
  });

  it('greets a new conversation on a non-WhatsApp channel with the empty text and the 24-hour banner', async () => {
    const contact = await server.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: bearer(admin.token),
      payload: { name: 'Paula Facebook', number: String((phone += 1)), channel: 'facebook' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const ticket = await server.app.inject({
      method: 'POST',
      url: '/tickets',
      headers: bearer(admin.token),
      payload: { contactId: contact.json().id, status: 'open' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    await page.goto(`${server.url}/tickets/${ticket.json().uuid}`);
    await page.getByTestId('messages-empty').getByText('Diga olá para seu novo contato!').waitFor();
    await page.getByTestId('reply-window-banner').waitFor();
    await screenshot(page, 'conversation-empty-facebook');
    await page.goto(`${server.url}/tickets/${maria.uuid}`);
    await bubble('Olá, preciso de ajuda com meu pedido').waitFor();
  });

  it('opens the contact drawer and adds a note to the ticket', async () => {
    await page.getByTestId('ticket-header-contact').click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.waitFor();
    await expect(drawer.getByTestId('contact-name').textContent()).resolves.toBe('Maria Souza');
    await drawer.getByTestId('media-tab-documents').click();
    await drawer.locator('[data-testid^="message-document-"]', { hasText: 'nota-fiscal.pdf' }).waitFor();
    await drawer.getByTestId('note-input').fill('Prefere contato à tarde');
    await drawer.getByTestId('note-save').click();
    await page.getByText('Observação adicionada com sucesso!').waitFor();
    await drawer.getByText('Prefere contato à tarde').waitFor();
    const box = await drawer.boundingBox();
    expect(Math.round(box!.width)).toBe(320);
    await screenshot(page, 'conversation-contact-drawer');
  });
  it('scrolls a long conversation up: older pages load by the cursor of the page above, each message once', async () => {
    const contact = { number: String((phone += 1)), name: 'Rita Longa' };
    const startedAt = Date.now() - 3_600_000;
    let ticketId = 0;
    // 45 messages a second apart: three pages of 20, 20 and 5.
    for (let n = 0; n < 45; n++) {
      const received = await receiveMessage(inboundContext(server.wiring.ctx), {
        companyId: admin.companyId,
        whatsappId: null,
        channel: 'whatsapp',
        contact: { ...contact, isGroup: false },
        providerId: `long-${contact.number}-${n}`,
        body: `Linha ${n} da conversa`,
        mediaType: 'chat',
        receivedAt: new Date(startedAt + n * 1000),
      });
      ticketId = received.ticketId;
      if (n === 44) await server.wiring.ctx.waitForProjections(received.position);
    }
    const { uuid } = await server.wiring.db.selectFrom('read.tickets').select('uuid').where('id', '=', ticketId).executeTakeFirstOrThrow();
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().includes(`/messages/${ticketId}`) && asked.push(request.url())));
    await page.goto(`${server.url}/tickets/${uuid}`);
    await bubble('Linha 44 da conversa').waitFor();
    await expect(bubble('Linha 24 da conversa').count()).resolves.toBe(0);
    // Held at the top until the message is drawn: each older page arrives above and the list keeps its place.
    for (const oldest of ['Linha 5 da conversa', 'Linha 0 da conversa']) {
      await page.waitForFunction(
        (text) => {
          const list = document.querySelector('[data-testid="message-list"]')!;
          list.scrollTop = 0;
          return [...document.querySelectorAll('[data-testid^="message-"][data-from-me]')].some((element) => element.textContent!.includes(text));
        },
        oldest,
        { polling: 100 },
      );
    }
    // The first page by number, the older ones by the cursor the page above gave.
    const older = asked.map((url) => new URL(url).searchParams).filter((params) => params.has('cursor'));
    expect(older.map((params) => params.get('pageNumber'))).toEqual(['2', '3']);
    expect(older.every((params) => /^\d+\.[0-9a-f-]{36}$/.test(params.get('cursor')!))).toBe(true);
    // Every message drawn once (the list draws the rows in view and a few around them).
    const shown = await page.locator('[data-testid^="message-"][data-from-me]', { hasText: /^Linha \d+ da conversa/ }).allTextContents();
    const lines = shown.map((text) => text.match(/Linha (\d+) da conversa/)![1]);
    expect(lines).toContain('0');
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('erases a contact through the drawer (LGPD): the dialog asks why, then the list and the conversation show what is left', async () => {
    const zelia = await openConversation('Zélia Apagada', 'Quero apagar meus dados, CPF 111.222.333-44');
    const { contact_id: contactId } = await server.wiring.db
      .selectFrom('read.tickets')
      .select('contact_id')
      .where('id', '=', zelia.ticketId)
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/tickets/${zelia.uuid}`);
    await bubble('CPF 111.222.333-44').waitFor();
    await page.getByTestId('ticket-header-contact').click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.getByTestId('contact-erase').click();
    const dialog = page.getByTestId('contact-erase-dialog');
    await dialog.getByText('Isto é definitivo e não pode ser desfeito.', { exact: false }).waitFor();
    // The reason is required: the yes waits for it.
    await expect(dialog.getByTestId('contact-erase-dialog-confirm').isDisabled()).resolves.toBe(true);
    await dialog.getByTestId('contact-erase-reason').fill('Pedido da titular por e-mail');
    await screenshot(page, 'conversation-contact-erase');
    await dialog.getByTestId('contact-erase-dialog-confirm').click();
    await page.getByText('Dados do contato apagados.').waitFor();
    await page
      .getByTestId('ticket-contact-name')
      .filter({ hasText: `Contato removido #${contactId}` })
      .waitFor();
    await page.getByTestId('ticket-header').getByText(`Contato removido #${contactId}`).waitFor();
    await drawer.getByTestId('contact-erased').waitFor();
    await page.getByTestId('message-deleted').filter({ hasText: 'Mensagem removida (LGPD)' }).first().waitFor();
    await expect(page.getByText('111.222.333-44').count()).resolves.toBe(0);
  });
});
