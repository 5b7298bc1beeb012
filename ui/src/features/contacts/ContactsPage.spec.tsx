import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SocketClient } from '../../app/socket';
import { fakeServer, renderApp } from '../../test/harness';
import { session, user } from '../../test/fixtures';
import type { Contact } from './api';
import { applyContactListFrame } from './socket';

const contact = (id: number, name: string, extra: Partial<Contact> = {}): Contact => ({
  id,
  companyId: 2,
  name,
  number: `55119876500${String(id).padStart(2, '0')}`,
  email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`,
  profilePicUrl: null,
  urlPicture: null,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  channel: 'whatsapp',
  isGroup: false,
  extraInfo: [],
  lgpdAcceptedAt: null,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** GET /contacts answering by name, two a page, so the second page comes from scrolling. */
function backend(contacts: Contact[], extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /contacts': (request) => {
      const params = new URL(request.url).searchParams;
      const term = (params.get('searchParam') ?? '').toLowerCase();
      const page = Number(params.get('pageNumber') ?? '1');
      const found = contacts.filter((row) => row.name.toLowerCase().includes(term) && (!params.get('channel') || row.channel === params.get('channel')));
      return { status: 200, body: { contacts: found.slice((page - 1) * 2, page * 2), hasMore: page * 2 < found.length } };
    },
    ...extra,
  });
}

/** A socket whose `contact` frames the test pushes. */
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
    frame(data: unknown) {
      act(() => {
        if (!opened) transport?.onopen?.(new Event('open'));
        opened = true;
        transport?.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event: 'company-2-contact', data }) }));
      });
    },
  };
}

const rowNames = () => screen.getAllByTestId('contact-row-name').map((cell) => cell.textContent);

describe('contacts screen', { timeout: 60_000 }, () => {
  it('lists contacts, loads the next page on scroll, searches after the pause and filters by channel', async () => {
    const { calls } = backend([contact(1, 'Ana Lima'), contact(2, 'Bruno Reis'), contact(3, 'Carla Dias', { channel: 'instagram', number: '17841400000001' })]);
    renderApp({ path: '/contacts', signedIn: session() });
    await screen.findByTestId('contact-row-1', {}, { timeout: 30_000 });
    expect(screen.getByTestId('menu-item-contacts')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Ana Lima', 'Bruno Reis']);
    expect(within(screen.getByTestId('contact-row-1')).getByTestId('contact-row-number')).toHaveTextContent('+55 (11) 98765 0001');

    fireEvent.scroll(screen.getByTestId('contacts-scroll'));
    await screen.findByTestId('contact-row-3');
    expect(calls.filter((call) => call.path === '/contacts')).toHaveLength(2);

    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'bru' } });
    await waitFor(() => expect(rowNames()).toEqual(['Bruno Reis']), { timeout: 5_000 });
    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('contacts-channel'), { target: { value: 'instagram' } });
    await waitFor(() => expect(rowNames()).toEqual(['Carla Dias']), { timeout: 5_000 });
  });

  it('masks numbers for a plain user under hide-number, and offers delete only with contacts-page:deleteContact', async () => {
    backend([contact(1, 'Ana Lima')]);
    const hiding = user({}, { companieSettings: { ...user().company.companieSettings, lgpdHideNumber: 'enabled' } }).company;
    renderApp({ path: '/contacts', signedIn: session({ profile: 'user', company: hiding }) });
    const row = await screen.findByTestId('contact-row-1', {}, { timeout: 30_000 });
    expect(within(row).getByTestId('contact-row-number')).toHaveTextContent('+55 (11) ***** **01');
    expect(screen.queryByTestId('contact-delete-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-block-1')).toBeInTheDocument();
  });

  it('deletes after confirmation, blocks, and follows contact frames', async () => {
    const socket = controllableSocket();
    const { calls } = backend([contact(1, 'Ana Lima'), contact(2, 'Bruno Reis')], {
      'DELETE /contacts/2': { status: 200, body: { message: 'Contact deleted' } },
      'PUT /contacts/block/1': { status: 200, body: contact(1, 'Ana Lima', { active: false }) },
    });
    renderApp({ path: '/contacts', signedIn: session(), socket: socket.client });
    await screen.findByTestId('contact-row-2', {}, { timeout: 30_000 });

    fireEvent.click(screen.getByTestId('contact-delete-2'));
    fireEvent.click(await screen.findByTestId('contact-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('contact-row-2')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/contacts/2')).toBe(true);

    fireEvent.click(screen.getByTestId('contact-block-1'));
    await screen.findByTestId('contact-row-blocked');
    expect(calls.find((call) => call.path === '/contacts/block/1')?.body).toEqual({ active: false });

    socket.frame({ action: 'create', contact: contact(5, 'Aaron Novo') });
    await waitFor(() => expect(rowNames()).toEqual(['Aaron Novo', 'Ana Lima']));
    socket.frame({ action: 'update', contact: contact(5, 'Zeca Novo') });
    await waitFor(() => expect(rowNames()).toEqual(['Ana Lima', 'Zeca Novo']));
    socket.frame({ action: 'delete', contactId: 5 });
    await waitFor(() => expect(rowNames()).toEqual(['Ana Lima']));
  });

  it('links a contact to a new scheduled message', async () => {
    backend([contact(1, 'Ana Lima')]);
    const { router } = renderApp({ path: '/contacts', signedIn: session() });
    fireEvent.click(await screen.findByTestId('contact-schedule-1', {}, { timeout: 30_000 }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/schedules?contactId=1'));
  });
});

describe('applyContactListFrame', () => {
  const list = { contacts: [contact(1, 'Ana'), contact(2, 'Caio')], hasMore: true };
  const all = { searchParam: '', channel: '' };

  it('leaves a new contact past the loaded page for its page, and drops a change that no longer matches', () => {
    expect(applyContactListFrame(list, { action: 'create', contact: contact(9, 'Zoe') }, all).contacts.map((row) => row.id)).toEqual([1, 2]);
    expect(applyContactListFrame(list, { action: 'create', contact: contact(9, 'Bia') }, all).contacts.map((row) => row.id)).toEqual([1, 9, 2]);
    expect(
      applyContactListFrame(
        list,
        { action: 'update', contact: contact(1, 'Ana', { channel: 'facebook' }) },
        { searchParam: '', channel: 'whatsapp' },
      ).contacts.map((row) => row.id),
    ).toEqual([2]);
    expect(applyContactListFrame(list, { action: 'update', contact: contact(2, 'Caio Reis') }, { searchParam: '98765', channel: '' }).contacts[1]!.name).toBe(
      'Caio Reis',
    );
    expect(
      applyContactListFrame(list, { action: 'update', contact: contact(2, 'Caio Reis') }, { searchParam: 'caio@acme', channel: '' }).contacts.map(
        (row) => row.id,
      ),
    ).toEqual([1, 2]);
    expect(
      applyContactListFrame(list, { action: 'update', contact: contact(2, 'Caio Reis') }, { searchParam: 'ana@acme', channel: '' }).contacts.map(
        (row) => row.id,
      ),
    ).toEqual([1]);
  });
});
