import type { CampaignSettingsValues, SendWindow } from '@conversa/contracts';
import { createHash } from 'node:crypto';

/** ±10 %: a fixed rhythm is what anti-spam heuristics look for. */
export const PACING_JITTER = 0.1;

/**
 * The pause after a connection's n-th message of a campaign (n from 1): the settings' messageInterval,
 * or greaterInterval after every longerIntervalAfter messages, each stretched or shrunk by the jitter.
 */
export function pauseAfter(
  settings: Pick<CampaignSettingsValues, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>,
  sent: number,
  random: () => number,
): number {
  const longer = settings.longerIntervalAfter > 0 && sent > 0 && sent % settings.longerIntervalAfter === 0;
  const seconds = longer ? settings.greaterInterval : settings.messageInterval;
  if (seconds <= 0) return 0;
  return Math.max(0, Math.round(seconds * 1000 * (1 + (random() * 2 - 1) * PACING_JITTER)));
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The wall-clock minute of the day in a time zone. */
export function minuteOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** Whether a campaign may send now: no window means any hour; `to` before `from` spans midnight. */
export function insideWindow(window: SendWindow | null, now: Date, timeZone: string): boolean {
  if (!window) return true;
  const minute = minuteOfDay(now, timeZone);
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

export interface VariableContext {
  name: string;
  number: string;
  email: string;
  now: Date;
  timeZone: string;
  /** The company's own variables (the settings page's shortcuts). */
  variables: ReadonlyArray<{ key: string; value: string }>;
  /** A per-contact number the {protocol} variable shows. */
  protocol: string;
  connection: string;
}

/** "Bom dia" / "Boa tarde" / "Boa noite" by the company's clock, as the ticket greeting does. */
export function greetingAt(now: Date, timeZone: string): string {
  const hour = Math.floor(minuteOfDay(now, timeZone) / 60);
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/** Fills the message variables ({firstName}, {name}, {greeting}, {date} …) and the company's own for one contact. */
export function fillVariables(template: string, context: VariableContext): string {
  const date = new Intl.DateTimeFormat('pt-BR', { timeZone: context.timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(context.now);
  const hour = new Intl.DateTimeFormat('pt-BR', { timeZone: context.timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(
    context.now,
  );
  const builtIn: Record<string, string> = {
    firstName: context.name.trim().split(/\s+/)[0] ?? '',
    name: context.name,
    email: context.email,
    number: context.number,
    greeting: greetingAt(context.now, context.timeZone),
    protocol: context.protocol,
    date,
    hour,
    connection: context.connection,
    // No ticket, user or queue stands behind a campaign message: these read as empty.
    userName: '',
    ticket_id: '',
    queue: '',
  };
  const own = new Map(context.variables.map((variable) => [variable.key, variable.value]));
  return template.replace(/\{([\w-]+)\}/g, (whole, key: string) => builtIn[key] ?? own.get(key) ?? whole);
}

/** A name-based (version 5 style) UUID: the same campaign, contact and kind always give the same message id. */
export function shippingMessageId(campaignId: number, itemId: number, kind: 'message' | 'confirmation', file = 0): string {
  const hash = createHash('sha1')
    .update(`conversa-campaign:${campaignId}:${itemId}:${kind}${file > 0 ? `:file${file}` : ''}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type SendFailure =
  { kind: 'pause'; code: 'RATE_LIMITED' | 'BLOCKED'; detail: string } | { kind: 'connection-down'; detail: string } | { kind: 'failed'; detail: string };

/**
 * What a channel's refusal means for the campaign: a rate limit or a block pauses it (Baileys
 * rate-overlimit / 429, Cloud API 130429 / 131056 / 131048 spam rate limit); a connection that is not
 * running pauses only its share; anything else fails that contact.
 */
export function classifyFailure(reason: string): SendFailure {
  const detail = reason.slice(0, 500);
  if (/rate-?overlimit|\b429\b|130429|131056|too many/i.test(reason)) return { kind: 'pause', code: 'RATE_LIMITED', detail };
  if (/131048|\bblocked\b|\bbanned\b|spam/i.test(reason)) return { kind: 'pause', code: 'BLOCKED', detail };
  if (/no channel connected|not connected|connection closed|timed out/i.test(reason)) return { kind: 'connection-down', detail };
  return { kind: 'failed', detail };
}
