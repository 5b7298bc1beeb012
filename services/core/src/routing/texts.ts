import { TICKET_RATING_MAX, TICKET_RATING_MIN } from '@conversa/contracts';
import { localTime } from './hours';
import type { ChatbotOption, RoutingClock, RoutingQueue } from './model';

/**
 * The bot's own words. The company writes the greetings, farewells and out-of-hours texts on its
 * connections and queues; what the spec leaves unwritten (the menu's frame, the answers to a wrong
 * option, the consent and rating questions, the queue position) is worded here, in Portuguese like
 * the rest of what contacts read.
 */
export const BOT_TEXTS = {
  invalidOption: 'Opção inválida, tente novamente.',
  back: 'Voltar',
  exit: 'Sair',
  handOver: 'Certo! Um de nossos atendentes vai continuar o seu atendimento. Aguarde, por favor.',
  gaveUp: 'Não consegui entender a sua resposta. Um de nossos atendentes vai continuar o seu atendimento. Aguarde, por favor.',
  queuePosition: (position: number) => `Você está na posição *${position}* da fila de atendimento. Aguarde, por favor.`,
  linePosition: (position: number, minutes: number) =>
    `Você está na posição *${position}* da fila de atendimento. Tempo estimado de espera: cerca de *${minutes} min*. Aguarde, por favor.`,
  lgpdDefault:
    'Para continuar o atendimento, precisamos do seu consentimento para tratar os seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD).',
  lgpdLink: (link: string) => `Consulte a nossa política de privacidade: ${link}`,
  lgpdQuestion: 'Responda *1* para aceitar ou *2* para recusar.',
  lgpdRefused: 'Entendemos a sua escolha. Sem o seu consentimento não podemos continuar o atendimento por aqui. Quando quiser, envie uma nova mensagem.',
  lgpdNoAnswer: 'Não recebemos uma resposta válida, por isso encerramos este atendimento. Quando quiser, envie uma nova mensagem.',
  ratingDefault: 'Por favor, avalie o nosso atendimento.',
  ratingScale: `Responda com uma nota de *${TICKET_RATING_MIN}* a *${TICKET_RATING_MAX}*.`,
  ratingThanks: 'Obrigado pela sua avaliação!',
  transfer: (queue: string, user: string | null) =>
    user
      ? `Seu atendimento foi transferido para *${queue}*, com *${user}*. Aguarde, já vamos te atender!`
      : `Seu atendimento foi transferido para *${queue}*. Aguarde, já vamos te atender!`,
} as const;

/** Answers that walk the chatbot tree besides the option numbers. */
export const BACK_ANSWERS = ['0', 'voltar'];
export const EXIT_ANSWERS = ['#', 'sair'];

/**
 * Every message the bot writes starts with this invisible left-to-right mark. An inbound message
 * that starts with it was written by a bot (another instance, or a system like this one), and is
 * never answered: two bots answering each other would never stop.
 */
export const BOT_MARK = '\u200e';

const option = (index: number, name: string) => `*[ ${index} ]* - ${name}`;

/** The greeting and the numbered queue menu (a greeting with the queues to choose from). */
export function queueMenu(greeting: string, queues: readonly RoutingQueue[]): string {
  const lines = queues.map((queue, index) => option(index + 1, queue.name));
  return [greeting.trim(), lines.join('\n')].filter((part) => part !== '').join('\n\n');
}

/** A level of the chatbot tree: its lead-in, the numbered options, then back and exit. */
export function optionMenu(leadIn: string, options: readonly ChatbotOption[]): string {
  const lines = options.map((entry, index) => option(index + 1, entry.name));
  const walk = [`*[ 0 ]* - ${BOT_TEXTS.back}`, `*[ # ]* - ${BOT_TEXTS.exit}`].join('\n');
  return [leadIn.trim(), lines.join('\n'), walk].filter((part) => part !== '').join('\n\n');
}

export function lgpdRequest(message: string, link: string): string {
  return [message.trim() || BOT_TEXTS.lgpdDefault, link.trim() ? BOT_TEXTS.lgpdLink(link.trim()) : '', BOT_TEXTS.lgpdQuestion]
    .filter((part) => part !== '')
    .join('\n\n');
}

export function ratingRequest(ratingMessage: string): string {
  return [ratingMessage.trim() || BOT_TEXTS.ratingDefault, BOT_TEXTS.ratingScale].join('\n\n');
}

export const invalidThen = (question: string) => `${BOT_TEXTS.invalidOption}\n\n${question}`;

/** What a message's variables stand for when the bot writes it. */
export interface TextVariables {
  clock: RoutingClock;
  contactName: string;
  ticketId: number;
  userName?: string | null;
  queueName?: string | null;
  connectionName?: string | null;
}

/** "Bom dia", "Boa tarde" or "Boa noite" by the company's clock. */
export function greetingByTime(clock: RoutingClock): string {
  const hour = localTime(clock.now, clock.timeZone).hour;
  return hour >= 5 && hour < 12 ? 'Bom dia' : hour >= 12 && hour < 18 ? 'Boa tarde' : 'Boa noite';
}

/**
 * Fills `{{name}}`, `{{firstName}}`, `{{userName}}`, `{{greeting}}` (also `{{ms}}`), `{{protocol}}`,
 * `{{date}}`, `{{hour}}`, `{{ticket_id}}`, `{{queue}}` and `{{connection}}`; unknown ones stay as written.
 */
export function fillVariables(text: string, variables: TextVariables): string {
  const local = localTime(variables.clock.now, variables.clock.timeZone);
  const values: Record<string, string> = {
    name: variables.contactName,
    firstName: variables.contactName.trim().split(/\s+/)[0] ?? '',
    userName: variables.userName ?? '',
    greeting: greetingByTime(variables.clock),
    ms: greetingByTime(variables.clock),
    protocol: `${local.toFormat('yyyyLLdd')}${variables.ticketId}`,
    date: local.toFormat('dd/LL/yyyy'),
    hour: local.toFormat('HH:mm:ss'),
    ticket_id: String(variables.ticketId),
    queue: variables.queueName ?? '',
    connection: variables.connectionName ?? '',
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The contact's answer as the menus read it: trimmed, lower case, without the trailing dot people type. */
export const normalizeAnswer = (body: string) =>
  body
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');

/** A whole number typed as the answer ("2", " 2 ", "2."), or null. */
export function chosenNumber(body: string): number | null {
  const answer = normalizeAnswer(body);
  return /^\d{1,3}$/.test(answer) ? Number(answer) : null;
}
