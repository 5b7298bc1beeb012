import { describe, expect, it } from 'vitest';
import type { SocketConnection, SocketPrincipal } from '../src/edge';
import * as typed from '../src/filters';

// The filters read bodies as the frame catalogue types them; these cases also hand them partial and malformed ones.
const loose = (filter: unknown) => filter as (connection: SocketConnection, data: unknown) => boolean;
const appMessageFilter = loose(typed.appMessageFilter);
const adminFilter = loose(typed.adminFilter);
const presenceFilter = loose(typed.presenceFilter);
const quickMessageFilter = loose(typed.quickMessageFilter);
const ticketFilter = loose(typed.ticketFilter);

const principal = (overrides: Partial<SocketPrincipal> = {}): SocketPrincipal => ({
  userId: 10,
  companyId: 1,
  profile: 'user',
  super: false,
  queueIds: [5],
  allTicket: 'disable',
  allowGroup: false,
  sessionId: 's',
  ...overrides,
});
const socket = (overrides: Partial<SocketPrincipal> = {}): SocketConnection => ({ principal: principal(overrides), rooms: new Set() });
const ticket = (overrides: Record<string, unknown> = {}) => ({ status: 'pending', userId: null, queueId: 5, isGroup: false, ...overrides });

describe('ticket frames on the edge (spec 1 §6)', () => {
  it('reach a user for waiting tickets of their queues and for their own, not for others', () => {
    expect(ticketFilter(socket(), { ticket: ticket() })).toBe(true);
    expect(ticketFilter(socket(), { ticket: ticket({ queueId: 6 }) })).toBe(false);
    expect(ticketFilter(socket(), { ticket: ticket({ status: 'open', userId: 10, queueId: 6 }) })).toBe(true);
    expect(ticketFilter(socket(), { ticket: ticket({ status: 'open', userId: 11 }) })).toBe(false);
    expect(ticketFilter(socket(), { ticket: ticket({ queueId: null }) })).toBe(false);
    expect(ticketFilter(socket({ allTicket: 'enable' }), { ticket: ticket({ queueId: null }) })).toBe(true);
    expect(ticketFilter(socket({ allowGroup: true }), { ticket: ticket({ status: 'group', isGroup: true, userId: 11 }) })).toBe(true);
  });

  it('reach admins and supervisors for every ticket', () => {
    expect(ticketFilter(socket({ profile: 'admin' }), { ticket: ticket({ status: 'open', userId: 99, queueId: 77 }) })).toBe(true);
    expect(ticketFilter(socket({ profile: 'supervisor' }), { ticket: ticket({ status: 'open', userId: 99, queueId: 77 }) })).toBe(true);
  });

  it('tell the former holder that a ticket was transferred away', () => {
    expect(ticketFilter(socket(), { ticket: ticket({ status: 'open', userId: 11, queueId: 6 }), before: ticket({ status: 'open', userId: 10 }) })).toBe(true);
  });

  it('drop malformed frames', () => {
    expect(ticketFilter(socket(), null)).toBe(false);
    expect(ticketFilter(socket(), {})).toBe(false);
    expect(appMessageFilter(socket({ profile: 'admin' }), { message: {} })).toBe(false);
  });

  it('send message frames only to who may see the ticket', () => {
    expect(appMessageFilter(socket(), { ticket: ticket() })).toBe(true);
    expect(appMessageFilter(socket(), { ticket: ticket({ queueId: 8 }) })).toBe(false);
  });

  it('tell only who may see the ticket that its contact is typing', () => {
    expect(presenceFilter(socket(), { ticketId: 1, presence: 'composing', audience: ticket() })).toBe(true);
    expect(presenceFilter(socket(), { ticketId: 1, presence: 'composing', audience: ticket({ status: 'open', userId: 99 }) })).toBe(false);
    expect(presenceFilter(socket({ profile: 'admin' }), { ticketId: 1, presence: 'composing', audience: ticket({ status: 'open', userId: 99 }) })).toBe(true);
    expect(presenceFilter(socket({ profile: 'admin' }), { ticketId: 1, presence: 'composing' })).toBe(false);
  });
});

describe('quick reply frames on the edge (spec 3 §6)', () => {
  it('show a private reply only to its author and to admins and supervisors; general ones and deletes to all', () => {
    const own = { action: 'update', record: { userId: 10, geral: false } };
    const others = { action: 'update', record: { userId: 11, geral: false } };
    expect(quickMessageFilter(socket(), own)).toBe(true);
    expect(quickMessageFilter(socket(), others)).toBe(false);
    expect(quickMessageFilter(socket({ profile: 'supervisor' }), others)).toBe(true);
    expect(quickMessageFilter(socket(), { action: 'create', record: { userId: 11, geral: true } })).toBe(true);
    expect(quickMessageFilter(socket(), { action: 'delete', id: 4 })).toBe(true);
    expect(quickMessageFilter(socket(), null)).toBe(false);
  });
});

describe('billing frames on the edge', () => {
  it('reach administrators and super users only', () => {
    expect(adminFilter(socket({ profile: 'admin' }), { action: 'CONCLUIDA' })).toBe(true);
    expect(adminFilter(socket(), { action: 'CONCLUIDA' })).toBe(false);
    expect(adminFilter(socket({ profile: 'supervisor' }), { action: 'update' })).toBe(false);
    expect(adminFilter(socket({ super: true }), { action: 'update' })).toBe(true);
  });
});
