import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultConnectionDetails } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { SocketClient } from '../../app/socket';
import { fakeServer, renderApp } from '../../test/harness';
import { session } from '../../test/fixtures';
import type { Connection } from './api';
import { importState } from './connectionStatus';
import { validateConnectionForm, emptyConnectionForm, connectionRequestOf, newConnectionToken } from './connectionForm';

const connectionRow = (id: number, name: string, extra: Partial<Connection> = {}): Connection => ({
  ...defaultConnectionDetails(),
  id,
  companyId: 2,
  name,
  channel: 'whatsapp',
  status: 'CONNECTED',
  qrcode: '',
  retries: 0,
  number: '',
  isDefault: false,
  token: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123',
  statusImportMessages: null,
  importProgress: null,
  facebookPageUserId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** A socket whose frames the test pushes. */
function controllableSocket() {
  let transport: { onopen: ((ev: Event) => unknown) | null; onmessage: ((ev: MessageEvent) => unknown) | null } | null = null;
  const client = new SocketClient({
    createSocket: () => {
      const socket = { readyState: 1, onopen: null, onclose: null, onerror: null, onmessage: null, send: () => undefined, close: () => undefined };
      transport = socket;
      return socket;
    },
  });
  let opened = false;
  return {
    client,
    frame(event: string, data: unknown) {
      act(() => {
        // Opened once: a second open would be a reconnect, which refetches the list.
        if (!opened) transport?.onopen?.(new Event('open'));
        opened = true;
        transport?.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event: `company-2-${event}`, data }) }));
      });
    },
  };
}

describe('connections screen (spec 2 §2, §4)', () => {
  it('shows each status with the action the spec offers for it, and marks the sandbox as a test channel', async () => {
    fakeServer({
      'GET /whatsapp': {
        status: 200,
        body: [
          connectionRow(1, 'A desconectada', { status: 'DISCONNECTED' }),
          connectionRow(2, 'B qrcode', { status: 'qrcode', qrcode: '2@abc' }),
          connectionRow(3, 'C abrindo', { status: 'OPENING' }),
          connectionRow(4, 'D conectada', { status: 'CONNECTED', isDefault: true }),
          connectionRow(5, 'E sandbox', { channel: 'sandbox' }),
          connectionRow(6, 'F pareando', { status: 'PAIRING' }),
        ],
      },
    });
    renderApp({ path: '/connections', signedIn: session() });
    await screen.findByTestId('connection-row-1', {}, { timeout: 10_000 });
    expect(screen.getByTestId('connection-start-1')).toBeInTheDocument();
    expect(screen.getByTestId('connection-newqr-1')).toBeInTheDocument();
    expect(screen.getByTestId('connection-qr-2')).toBeInTheDocument();
    expect(screen.getByTestId('connection-connecting-3')).toBeDisabled();
    expect(screen.getByTestId('connection-disconnect-4')).toBeInTheDocument();
    expect(screen.getByTestId('connection-disconnect-6')).toBeInTheDocument();
    expect(screen.getByTestId('connection-default-4')).toBeInTheDocument();
    expect(screen.getByTestId('connection-test-badge-5')).toBeInTheDocument();
    expect(screen.getByTestId('connection-sandbox-phone-5')).toHaveAttribute('href', '/sandbox/5');
  });

  it('shows the warning about connections needing attention only after 2 s', async () => {
    fakeServer({ 'GET /whatsapp': { status: 200, body: [connectionRow(1, 'Fora do ar', { status: 'DISCONNECTED' }), connectionRow(2, 'No ar')] } });
    renderApp({ path: '/connections', signedIn: session() });
    // The delay counts from when the screen opens, not from when its list arrived.
    await screen.findByTestId('connections-page', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('connections-warning')).not.toBeInTheDocument();
    await screen.findByTestId('connection-row-1', {}, { timeout: 10_000 });
    const warning = await screen.findByTestId('connections-warning', {}, { timeout: 4000 });
    expect(warning).toHaveTextContent('Fora do ar');
    expect(warning).not.toHaveTextContent('No ar,');
  });

  it('gates the new-connection menu by the plan’s channel flags; the sandbox is always offered', async () => {
    fakeServer({ 'GET /whatsapp': { status: 200, body: [] } });
    renderApp({ path: '/connections', signedIn: session({}, undefined) });
    fireEvent.click(await screen.findByTestId('connection-add', {}, { timeout: 10_000 }));
    const menu = await screen.findByTestId('connection-add-menu');
    expect(within(menu).getByTestId('connection-add-whatsapp')).not.toHaveAttribute('data-disabled');
    expect(within(menu).getByTestId('connection-add-facebook')).toHaveAttribute('data-disabled');
    expect(within(menu).getByTestId('connection-add-instagram')).toHaveAttribute('data-disabled');
    expect(within(menu).getByTestId('connection-add-sandbox')).not.toHaveAttribute('data-disabled');
  });

  it('hides add, edit and delete from a user with allowConnections, who still runs sessions', async () => {
    fakeServer({ 'GET /whatsapp': { status: 200, body: [connectionRow(1, 'Vendas', { status: 'DISCONNECTED' })] } });
    renderApp({ path: '/connections', signedIn: session({ profile: 'user', allowConnections: true }) });
    await screen.findByTestId('connection-row-1', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('connection-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('connection-edit-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('connection-start-1')).toBeInTheDocument();
  });

  it('updates the QR code live and closes the modal when the QR code empties', async () => {
    const socket = controllableSocket();
    fakeServer({ 'GET /whatsapp': { status: 200, body: [connectionRow(7, 'Celular', { status: 'qrcode', qrcode: '2@first' })] } });
    renderApp({ path: '/connections', signedIn: session(), socket: socket.client });
    fireEvent.click(await screen.findByTestId('connection-qr-7', {}, { timeout: 10_000 }));
    expect(await screen.findByTestId('qrcode-image', {}, { timeout: 5000 })).toHaveAttribute('data-qrcode', '2@first');
    socket.frame('whatsappSession', { action: 'update', session: connectionRow(7, 'Celular', { status: 'qrcode', qrcode: '2@second', token: undefined }) });
    await waitFor(() => expect(screen.getByTestId('qrcode-image')).toHaveAttribute('data-qrcode', '2@second'));
    socket.frame('whatsappSession', {
      action: 'update',
      session: connectionRow(7, 'Celular', { status: 'CONNECTED', qrcode: '', number: '5511987654321', token: undefined }),
    });
    await waitFor(() => expect(screen.queryByTestId('qrcode-modal')).not.toBeInTheDocument());
    expect(screen.getByTestId('connection-status-7')).toHaveTextContent('Conectado');
  });

  it('creates a sandbox connection from the menu with the spec defaults', async () => {
    const { calls } = fakeServer({
      'GET /whatsapp': { status: 200, body: [] },
      'GET /queue': { status: 200, body: [] },
      'POST /whatsapp': { status: 201, body: connectionRow(9, 'Teste', { channel: 'sandbox' }) },
    });
    renderApp({ path: '/connections', signedIn: session() });
    fireEvent.click(await screen.findByTestId('connection-add', {}, { timeout: 10_000 }));
    fireEvent.click(await screen.findByTestId('connection-add-sandbox'));
    const name = await screen.findByTestId('connection-name', {}, { timeout: 10_000 });
    expect(screen.getByTestId('connection-sandbox-note')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('connection-save'));
    expect(await screen.findByTestId('connection-name-error')).toHaveTextContent('Obrigatório');
    fireEvent.change(name, { target: { value: 'Teste' } });
    fireEvent.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/whatsapp')).toBe(true));
    const body = calls.find((call) => call.method === 'POST' && call.path === '/whatsapp')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Teste',
      channel: 'sandbox',
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      provider: 'beta',
      groupAsTicket: 'disabled',
      importOldMessages: null,
    });
    expect((body.schedules as unknown[]).length).toBe(7);
  });

  it('offers the schedules tab only when the company schedules by connection', async () => {
    fakeServer({
      'GET /whatsapp': { status: 200, body: [connectionRow(3, 'Vendas')] },
      'GET /whatsapp/3': { status: 200, body: connectionRow(3, 'Vendas') },
      'GET /queue': { status: 200, body: [] },
    });
    const signed = session();
    signed.user.company.companieSettings = { ...signed.user.company.companieSettings, scheduleType: 'connection' };
    renderApp({ path: '/connections', signedIn: signed });
    fireEvent.click(await screen.findByTestId('connection-edit-3', {}, { timeout: 10_000 }));
    expect(await screen.findByTestId('connection-tab-schedules', {}, { timeout: 10_000 })).toBeInTheDocument();
    for (const tab of ['general', 'integrations', 'messages', 'chatbot', 'assessments'])
      expect(screen.getByTestId(`connection-tab-${tab}`)).toBeInTheDocument();
  });
});

describe('connection form rules (spec 2 §5)', () => {
  it('checks the name, the import dates and the token', () => {
    const today = new Date('2026-06-15T12:00:00.000Z');
    const base = { ...emptyConnectionForm('whatsapp'), name: 'Vendas' };
    expect(validateConnectionForm({ ...base, name: 'V' }, today).name).toBe('connections.form.tooShort');
    expect(validateConnectionForm({ ...base, name: 'x'.repeat(51) }, today).name).toBe('connections.form.tooLong');
    expect(validateConnectionForm({ ...base, importEnabled: true, importOldMessages: '2026-06-20' }, today).importOldMessages).toBe('connections.form.future');
    expect(validateConnectionForm({ ...base, importEnabled: true, importOldMessages: '2024-01-01' }, today).importOldMessages).toBe(
      'connections.form.twoYears',
    );
    expect(
      validateConnectionForm({ ...base, importEnabled: true, importOldMessages: '2026-05-01', importRecentMessages: '2026-04-01' }, today).importRecentMessages,
    ).toBe('connections.form.beforeFrom');
    expect(validateConnectionForm({ ...base, importEnabled: true, importOldMessages: '2026-05-01', importRecentMessages: '2026-06-01' }, today)).toEqual({});
    expect(validateConnectionForm({ ...base, token: 'abc' }, today).token).toBe('connections.form.token');
    expect(validateConnectionForm({ ...base, queueIds: [1, 2] }, today).greetingMessage).toBe('errors.ERR_WAPP_GREETING_REQUIRED');
    expect(connectionRequestOf({ ...base, importEnabled: false, importOldMessages: '2026-05-01' }).importOldMessages).toBeNull();
    expect(newConnectionToken()).toMatch(/^[A-Z0-9]{30}$/);
  });

  it('reads the import status as the spec’s preparing window, progress or close button', () => {
    const now = Date.parse('2026-06-15T12:00:00.000Z');
    expect(importState({ statusImportMessages: String(now - 10_000), importProgress: { this: -1, all: -1, date: null } }, now).kind).toBe('preparing');
    expect(
      importState({ statusImportMessages: String(now - 60_000), importProgress: { this: 25, all: 100, date: '2026-01-01T00:00:00.000Z' } }, now),
    ).toMatchObject({ kind: 'progress', percent: 25 });
    expect(importState({ statusImportMessages: 'renderButtonCloseTickets', importProgress: null }, now).kind).toBe('finished');
    expect(importState({ statusImportMessages: null, importProgress: null }, now).kind).toBe('none');
  });
});
