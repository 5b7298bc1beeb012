import type { ContactView, TicketContact, TicketFrame, TicketView as Ticket, TicketViewer } from '@conversa/contracts';

/** A ticket's contact as the server sends it. */
export const ticketContact = (overrides: Partial<TicketContact> = {}): TicketContact => ({
  id: 11,
  name: 'Maria Cliente',
  number: '5511999990000',
  email: '',
  profilePicUrl: null,
  urlPicture: null,
  channel: 'whatsapp',
  isGroup: false,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  erased: false,
  ...overrides,
});

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
  contact: ticketContact({ id: 11, name: 'Maria Cliente', number: '5511999990000' }),
  tags: [],
  whatsappId: null,
  whatsapp: null,
  channel: 'whatsapp',
  isGroup: false,
  isBot: false,
  unreadMessages: 0,
  lastMessage: 'Olá',
  useIntegration: false,
  promptId: null,
  amountUsedBotQueues: 0,
  userRating: null,
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

/** A `ticket` frame as the projector publishes it: its ticketId is the ticket's, `before` null unless given. */
export const ticketFrame = (frame: Omit<TicketFrame, 'ticketId' | 'before'> & Partial<Pick<TicketFrame, 'ticketId' | 'before'>>): TicketFrame => ({
  ticketId: frame.ticket.id,
  before: null,
  ...frame,
});

/** A contact as the API and the `contact` frames carry it. */
export const contactView = (overrides: Partial<ContactView> = {}): ContactView => ({
  id: 11,
  companyId: 2,
  name: 'Maria Cliente',
  number: '5511999990000',
  email: '',
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
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});
