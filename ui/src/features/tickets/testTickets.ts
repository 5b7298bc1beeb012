import type { Ticket, TicketViewer } from './types';

/** A ticket as the server sends it, for the tickets feature's tests. */
export const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: 1,
  uuid: '00000000-0000-4000-8000-000000000001',
  status: 'open',
  companyId: 2,
  queueId: 1,
  queue: { id: 1, name: 'Vendas', color: '#2563eb' },
  userId: 7,
  user: { id: 7, name: 'Ana Souza' },
  contactId: 11,
  contact: { id: 11, name: 'Maria Cliente', number: '5511999990000', profilePicUrl: null, channel: 'whatsapp', isGroup: false },
  tags: [],
  whatsappId: null,
  whatsapp: null,
  channel: 'whatsapp',
  isGroup: false,
  isBot: false,
  unreadMessages: 0,
  lastMessage: 'Olá',
  useIntegration: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

export const viewer = (overrides: Partial<TicketViewer> = {}): TicketViewer => ({
  userId: 7,
  profile: 'user',
  super: false,
  queueIds: [1],
  allTicket: 'disable',
  allowGroup: false,
  ...overrides,
});
