import { blankChatbotOption, defaultCompanySettings, type BotEvent } from '@conversa/contracts';
import { ticketBot } from './bot';
import type { BotState, ChatbotOption, InboundInput, RoutingConnection, RoutingQueue } from './model';

/** Shared givens for the routing specs. São Paulo is UTC−3 all year. */
export const TZ = 'America/Sao_Paulo';
/** Tuesday 11:00 in São Paulo: within the default hours. */
export const MORNING = new Date('2026-03-10T14:00:00.000Z');
/** Tuesday 22:00 in São Paulo: outside them. */
export const NIGHT = new Date('2026-03-11T01:00:00.000Z');
export const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

export const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const schedule = (
  windows: { startTimeA?: string; endTimeA?: string; startTimeB?: string; endTimeB?: string },
  only?: readonly (typeof days)[number][],
) => (only ?? days).map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '', ...windows }));

export const connection = (overrides: Partial<RoutingConnection> = {}): RoutingConnection => ({
  id: 4,
  name: 'Loja',
  greetingMessage: 'Olá {{firstName}}! Escolha um setor:',
  complationMessage: 'Obrigado pelo contato, {{firstName}}!',
  outOfHoursMessage: 'Estamos fechados agora. Atendemos das 08:00 às 18:00.',
  ratingMessage: 'Como foi o atendimento?',
  maxUseBotQueues: 3,
  maxUseBotQueuesNPS: 3,
  expiresTicket: 0,
  expiresTicketNPS: 0,
  whenExpiresTicket: '0',
  expiresInactiveMessage: '',
  timeUseBotQueues: 0,
  timeSendQueue: 0,
  sendIdQueue: null,
  timeInactiveMessage: 0,
  inactiveMessage: '',
  schedules: [],
  ...overrides,
});

export const opt = (id: number, name: string, overrides: Partial<ChatbotOption> = {}): ChatbotOption => ({
  ...blankChatbotOption(),
  id,
  name,
  options: [],
  ...overrides,
});

export const queue = (id: number, name: string, overrides: Partial<RoutingQueue> = {}): RoutingQueue => ({
  id,
  name,
  greetingMessage: '',
  outOfHoursMessage: '',
  schedules: [],
  ativarRoteador: false,
  tempoRoteador: 2,
  options: [],
  ...overrides,
});

export const sales = queue(1, 'Vendas', { greetingMessage: 'Bem-vindo a Vendas.' });
/** Support has a chatbot tree: 1 Boletos (text with a nested level), 2 Falar com a Ana (attendent), 3 Financeiro (queue). */
export const support = queue(2, 'Suporte', {
  greetingMessage: 'Suporte: escolha uma opção.',
  options: [
    opt(21, 'Boletos', {
      greetingMessage: 'Sobre boletos:',
      options: [
        opt(211, 'Segunda via', { greetingMessage: 'A segunda via está no site.' }),
        opt(212, 'Cancelar', { greetingMessage: 'Cancelado.', closeTicket: true }),
      ],
    }),
    opt(22, 'Falar com a Ana', { queueType: 'attendent', optUserId: 9, greetingMessage: 'A Ana vai te atender.' }),
    opt(23, 'Financeiro', { queueType: 'queue', optQueueId: 3, greetingMessage: 'Vou te passar para o Financeiro.' }),
  ],
});
export const finance = queue(3, 'Financeiro', { greetingMessage: 'Financeiro aqui.' });

export function inbound(body: string, overrides: Partial<InboundInput> = {}, now = MORNING): InboundInput {
  return {
    clock: { now, timeZone: TZ },
    ticket: { id: 7, status: 'pending', queueId: null, userId: null, contactId: 3, whatsappId: 4, isGroup: false, channel: 'whatsapp' },
    contact: { id: 3, name: 'Maria Souza', number: '5511987654321', disableBot: false, active: true },
    contactBot: { lastOutOfHoursAt: null, lgpdAcceptedAt: null },
    message: { messageId: '018f0000-0000-7000-8000-000000000001', body, mediaType: 'chat', receivedAt: now.toISOString(), recordedAt: now.toISOString() },
    settings: { ...defaultCompanySettings },
    connection: connection(),
    queues: [sales, support],
    otherQueues: [finance],
    companySchedules: [],
    waitingInQueue: {},
    ...overrides,
  };
}

/** The bot's state after these journal events. */
export const botAfter = (events: readonly BotEvent[]): BotState => events.reduce(ticketBot.evolve, ticketBot.initialState());

export const menuShown = (
  menu: 'lgpd' | 'queues' | 'options' | 'rating',
  attempt = 1,
  extra: { queueId?: number | null; path?: number[]; windowStartedAt?: string } = {},
): BotEvent => ({
  type: 'BotMenuShown',
  data: { ticketId: 7, menu, queueId: extra.queueId ?? null, path: extra.path ?? [], attempt, windowStartedAt: extra.windowStartedAt ?? MORNING.toISOString() },
});
