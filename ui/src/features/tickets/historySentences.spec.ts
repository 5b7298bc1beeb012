import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ticketEvents, type TicketHistoryEvent, type TicketHistoryNames } from '@conversa/contracts';
import { ptBR } from './texts/ptBR';
import type { MessageKey } from '../../i18n';
import { en } from './texts/en';
import { es } from './texts/es';
import { tr } from './texts/tr';
import { historySentence, historySentenceTypes, historyTime } from './historySentences';

const intlOf = (messages: Record<string, string>, locale: string) => createIntl({ locale, messages });
const translator = (intl: ReturnType<typeof intlOf>) => (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
const pt = translator(intlOf(ptBR, 'pt-BR'));

const now = new Date(2026, 11, 6, 18, 0);
const at = new Date(2026, 11, 6, 14, 2).toISOString();
const names: TicketHistoryNames = {
  users: { 7: 'Ana', 8: 'Bruno' },
  queues: { 3: 'Vendas', 4: 'Suporte' },
  connections: { 2: 'Loja' },
  prompts: { 9: 'Atendente IA' },
};
const ana = { kind: 'user' as const, id: 7, name: 'Ana' };
const system = { kind: 'system' as const, id: 'routing', name: null };
const event = (type: string, changes: Record<string, unknown>, actor: TicketHistoryEvent['actor'] = ana): TicketHistoryEvent => ({
  revision: 1,
  type,
  occurredAt: at,
  actor,
  changes,
  hash: null,
});
const say = (type: string, changes: Record<string, unknown>, actor?: TicketHistoryEvent['actor']) =>
  historySentence(event(type, changes, actor), names, { t: pt, contactName: 'Maria', now });

/** One example per event type of a ticket's stream (and its variants), with the sentence it reads as. */
const examples: Array<[string, Record<string, unknown>, TicketHistoryEvent['actor'] | undefined, string]> = [
  [
    'TicketCreated',
    { uuid: 'u', contactId: 1, whatsappId: 2, queueId: null, userId: null, status: 'pending', isGroup: false, channel: 'whatsapp' },
    { kind: 'contact', id: 1, name: null },
    'Ticket criado por Maria na conexão Loja, 14:02.',
  ],
  [
    'TicketCreated',
    { uuid: 'u', contactId: 1, whatsappId: 2, queueId: 3, userId: 7, status: 'open', isGroup: false, channel: 'whatsapp' },
    undefined,
    'Ticket criado por Ana na conexão Loja, na fila Vendas, 14:02.',
  ],
  [
    'TicketCreated',
    { uuid: 'u', contactId: 1, whatsappId: null, queueId: 3, userId: 7, status: 'open', isGroup: false, channel: 'sandbox' },
    undefined,
    'Ticket criado por Ana na fila Vendas, 14:02.',
  ],
  [
    'TicketCreated',
    { uuid: 'u', contactId: 1, whatsappId: null, queueId: null, userId: 7, status: 'open', isGroup: false, channel: 'sandbox' },
    undefined,
    'Ticket criado por Ana, 14:02.',
  ],
  ['TicketAccepted', { userId: 7, queueId: 3, status: 'open' }, undefined, 'Aceito por Ana na fila Vendas, 14:02.'],
  ['TicketAccepted', { userId: 8, queueId: null, status: 'open' }, undefined, 'Aceito por Bruno, 14:02.'],
  ['TicketClosed', { userId: 7, farewell: true, reason: 'resolved' }, undefined, 'Resolvido por Ana, 14:02.'],
  ['TicketClosed', { userId: 7, farewell: false, reason: 'ignored' }, undefined, 'Ignorado por Ana, 14:02.'],
  ['TicketClosed', { userId: 7, farewell: false, reason: 'closeAll' }, undefined, 'Fechado por Ana com “Fechar todos”, 14:02.'],
  ['TicketClosed', { userId: null, farewell: true, reason: 'automation' }, system, 'Fechado automaticamente, 14:02.'],
  ['TicketReopened', { userId: 7, queueId: 3, status: 'open' }, undefined, 'Reaberto por Ana, 14:02.'],
  ['TicketReturnedToQueue', { fromUserId: 7, queueId: 3 }, undefined, 'Devolvido à fila Vendas por Ana, 14:02.'],
  ['TicketReturnedToQueue', { fromUserId: 7, queueId: null }, undefined, 'Devolvido para Aguardando por Ana, 14:02.'],
  [
    'TicketTransferred',
    { from: { userId: 7, queueId: 3 }, to: { userId: null, queueId: 4 }, status: 'pending' },
    undefined,
    'Transferido para a fila Suporte por Ana, 14:02.',
  ],
  [
    'TicketTransferred',
    { from: { userId: 7, queueId: 3 }, to: { userId: 8, queueId: 4 }, status: 'open' },
    undefined,
    'Transferido para Bruno na fila Suporte por Ana, 14:02.',
  ],
  [
    'TicketTransferred',
    { from: { userId: null, queueId: 4 }, to: { userId: 8, queueId: 4 }, status: 'open', assignment: { openTickets: 3, capacity: 5, idleMinutes: 4 } },
    undefined,
    'Atribuído a Bruno na fila Suporte (capacidade 3/5, ocioso há 4 min), 14:02.',
  ],
  ['TicketDeleted', {}, undefined, 'Excluído por Ana, 14:02.'],
  ['TicketIntegrationToggled', { useIntegration: true, promptId: 9 }, undefined, 'Integração ligada por Ana com o prompt Atendente IA, 14:02.'],
  ['TicketIntegrationToggled', { useIntegration: true }, undefined, 'Integração ligada por Ana, 14:02.'],
  ['TicketIntegrationToggled', { useIntegration: false, promptId: null }, undefined, 'Integração desligada por Ana, 14:02.'],
  ['TicketAccessed', { userId: 7, at }, undefined, 'Aberto na tela por Ana, 14:02.'],
  ['TicketMessagesRead', { userId: 8, upTo: at }, undefined, 'Mensagens lidas por Bruno, 14:02.'],
  ['TicketMessagesRead', { userId: null, upTo: at }, system, 'Mensagens lidas por Sistema, 14:02.'],
  ['TicketQueueAssigned', { queueId: 3, reason: 'menu' }, { kind: 'contact', id: 1, name: null }, 'O contato escolheu a fila Vendas no menu, 14:02.'],
  ['TicketQueueAssigned', { queueId: 3, reason: 'singleQueue' }, system, 'Colocado na fila Vendas, a única da conexão, 14:02.'],
  ['TicketQueueAssigned', { queueId: 4, reason: 'chatbot' }, system, 'O chatbot encaminhou para a fila Suporte, 14:02.'],
  ['TicketQueueAssigned', { queueId: 5, reason: 'timeSendQueue' }, system, 'Enviado à fila #5 após o tempo de espera, 14:02.'],
  ['TicketLgpdConsentRequested', {}, system, 'O consentimento da LGPD foi pedido ao contato, 14:02.'],
  ['TicketLgpdConsentAnswered', { accepted: true }, { kind: 'contact', id: 1, name: null }, 'O contato aceitou os termos da LGPD, 14:02.'],
  ['TicketLgpdConsentAnswered', { accepted: false }, { kind: 'contact', id: 1, name: null }, 'O contato recusou os termos da LGPD, 14:02.'],
  ['TicketRatingRequested', {}, system, 'A avaliação do atendimento foi pedida ao contato, 14:02.'],
  ['TicketRated', { rating: 4 }, { kind: 'contact', id: 1, name: null }, 'O contato avaliou o atendimento com 4 de 5, 14:02.'],
  ['TicketRatingExpired', {}, system, 'A avaliação não chegou a tempo; o ticket foi fechado sem nota, 14:02.'],
];

describe('the ticket history as sentences', () => {
  it('has a sentence for every event type of a ticket’s stream', () => {
    const streamTypes = ticketEvents.map((definition) => definition.type).filter((type) => !type.startsWith('TicketSlot'));
    expect([...historySentenceTypes].sort()).toEqual([...streamTypes].sort());
    expect(new Set(examples.map(([type]) => type))).toEqual(new Set(streamTypes));
  });

  it.each(examples)('%s reads as a sentence naming users, queues, connections and prompts', (type, changes, actor, sentence) => {
    expect(say(type, changes, actor)).toBe(sentence);
  });

  it('still reads as a sentence for a type it does not know, and names a record it could not by its number', () => {
    expect(say('TicketSomethingNew', { foo: 1 })).toBe('Alteração registrada por Ana, 14:02.');
    expect(say('TicketAccepted', { userId: 99, queueId: null, status: 'open' })).toBe('Aceito por usuário #99, 14:02.');
  });

  it('writes every sentence in each language, never the raw type or field names', () => {
    for (const [language, texts] of Object.entries({ en, es, tr })) {
      const t = translator(intlOf({ ...(ptBR as Record<string, string>), ...texts }, language));
      for (const [type, changes, actor] of examples) {
        const sentence = historySentence(event(type, changes, actor), names, { t, contactName: 'Maria', now });
        expect(sentence, `${language} ${type}`).not.toMatch(/Ticket[A-Z]|userId|queueId|\{/);
        expect(sentence, `${language} ${type}`).toContain('14:02');
      }
    }
  });

  it('says the time alone today and the date before', () => {
    expect(historyTime(at, now)).toBe('14:02');
    expect(historyTime(new Date(2026, 11, 5, 9, 7).toISOString(), now)).toBe('05/12/2026 09:07');
  });
});
