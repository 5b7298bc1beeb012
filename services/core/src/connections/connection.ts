import {
  DomainError,
  IMPORT_CLOSE_BUTTON,
  MAX_SANDBOX_CONNECTIONS,
  type ChannelAccount,
  type ConnectionChannel,
  type ConnectionDetails,
  type ConnectionEvent,
  type ConnectionRosterEvent,
  type ConnectionStatus,
  type PlanFlags,
} from '@conversa/contracts';
import { changedFields } from '../commands/changes';
import type { Decider } from '../commands/decider';

/** The import-from date lies within the last two years. */
const IMPORT_HORIZON_MS = 2 * 366 * 24 * 60 * 60 * 1000;

export interface ConnectionSession {
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number: string;
  /** Whether someone wants the session running (start, new QR, restart) or stopped it (disconnect). */
  wanted: boolean;
  /** Counts requests; the session manager acts on each generation once. */
  generation: number;
}

export interface ConnectionImport {
  /** null, the start timestamp in ms as text, or IMPORT_CLOSE_BUTTON once finished. */
  statusImportMessages: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Tickets the import wrote to: what closing the imported tickets closes. */
  ticketIds: number[];
}

export type Connection =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      connectionId: number;
      companyId: number;
      channel: ConnectionChannel;
      token: string;
      details: ConnectionDetails;
      account: ChannelAccount | null;
      session: ConnectionSession;
      import: ConnectionImport;
    };
type ActiveConnection = Exclude<Connection, { status: 'none' }> & { status: 'active' };

export type ConnectionCommand =
  | {
      type: 'CreateConnection';
      connectionId: number;
      companyId: number;
      channel: ConnectionChannel;
      token: string;
      details: ConnectionDetails;
      account?: ChannelAccount | null;
    }
  | { type: 'ChangeConnectionDetails'; changes: Partial<ConnectionDetails> }
  | { type: 'ChangeConnectionToken'; token: string }
  | { type: 'ChangeConnectionAccount'; account: ChannelAccount }
  | { type: 'DeleteConnection' }
  | { type: 'RequestSession'; kind: 'start' | 'renew' | 'restart' }
  /**
   * `ifGeneration`: a session that ended for good stops only the request it was started for; a
   * newer request (start, new QR, restart made while it ran) stands, and nothing is recorded.
   */
  | { type: 'StopSession'; ifGeneration?: number }
  | { type: 'RecordSessionState'; status: ConnectionStatus; qrcode: string; retries: number; number?: string }
  | { type: 'StartImport' }
  | { type: 'RecordImportProgress'; processed: number; total: number; date: string | null; ticketIds: number[] }
  | { type: 'FinishImport' }
  | { type: 'CloseImportedTickets'; ticketIds: number[] };

const isMeta = (channel: ConnectionChannel) => channel === 'facebook' || channel === 'instagram' || channel === 'whatsappapi';

/** The status a new connection starts in: the sandbox is connected at once; a Meta channel once it has an account. */
function initialStatus(channel: ConnectionChannel, account: ChannelAccount | null): ConnectionStatus {
  if (channel === 'sandbox') return 'CONNECTED';
  if (isMeta(channel)) return account?.tokenMeta ? 'CONNECTED' : 'DISCONNECTED';
  return 'OPENING';
}

/** The import date rules, and the original's rule that several queues need a greeting to choose among them. */
function assertValidDetails(details: ConnectionDetails, now: Date): void {
  const from = details.importOldMessages ? Date.parse(details.importOldMessages) : null;
  const to = details.importRecentMessages ? Date.parse(details.importRecentMessages) : null;
  if (from !== null) {
    if (from > now.getTime()) throw new DomainError('ERR_VALIDATION', 'importOldMessages: a data não pode estar no futuro');
    if (from < now.getTime() - IMPORT_HORIZON_MS) throw new DomainError('ERR_VALIDATION', 'importOldMessages: a data deve estar nos últimos 2 anos');
  }
  if (to !== null) {
    if (to > now.getTime()) throw new DomainError('ERR_VALIDATION', 'importRecentMessages: a data não pode estar no futuro');
    if (from !== null && to < from) throw new DomainError('ERR_VALIDATION', 'importRecentMessages: a data não pode ser anterior à data inicial');
  }
  if (details.queueIds.length > 1 && details.greetingMessage.trim() === '') throw new DomainError('ERR_WAPP_GREETING_REQUIRED');
}

function active(state: Connection): ActiveConnection {
  if (state.status !== 'active') throw new DomainError('ERR_NO_WAPP_FOUND');
  return state as ActiveConnection;
}

/**
 * One connection (stream `connection-<id>`): what the administrator set, the session the manager
 * runs for it (desired: wanted + generation; observed: status, QR code, retries, number) and the
 * history import's progress.
 */
export const connection: Decider<Connection, ConnectionCommand, ConnectionEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ConnectionCreated') {
      const { connectionId, companyId, channel, token, status, account, ...details } = event.data;
      return {
        status: 'active',
        connectionId,
        companyId,
        channel,
        token,
        details,
        account,
        session: { status, qrcode: '', retries: 0, number: '', wanted: channel !== 'whatsapp', generation: 0 },
        import: { statusImportMessages: null, startedAt: null, finishedAt: null, ticketIds: [] },
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ConnectionDetailsChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'ConnectionTokenChanged':
        return { ...state, token: event.data.token };
      case 'ConnectionAccountChanged':
        return { ...state, account: event.data.account };
      case 'ConnectionDeleted':
        return { ...state, status: 'deleted', session: { ...state.session, wanted: false } };
      case 'ConnectionSessionRequested':
        return { ...state, session: { ...state.session, wanted: true, generation: event.data.generation } };
      case 'ConnectionSessionStopRequested':
        return { ...state, session: { ...state.session, wanted: false, generation: event.data.generation } };
      case 'ConnectionSessionChanged': {
        const { status, qrcode, retries, number } = event.data;
        return { ...state, session: { ...state.session, status, qrcode, retries, number: number ?? state.session.number } };
      }
      case 'ConnectionImportStarted':
        return {
          ...state,
          import: { statusImportMessages: String(Date.parse(event.data.startedAt)), startedAt: event.data.startedAt, finishedAt: null, ticketIds: [] },
        };
      case 'ConnectionImportProgressed': {
        const known = new Set(state.import.ticketIds);
        const added = event.data.ticketIds.filter((ticketId) => !known.has(ticketId));
        return added.length === 0 ? state : { ...state, import: { ...state.import, ticketIds: [...state.import.ticketIds, ...added] } };
      }
      case 'ConnectionImportFinished':
        return { ...state, import: { ...state.import, statusImportMessages: IMPORT_CLOSE_BUTTON, finishedAt: event.data.finishedAt } };
      case 'ImportedTicketsClosed':
        return { ...state, import: { ...state.import, statusImportMessages: null, ticketIds: [] } };
    }
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'CreateConnection': {
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Connection already exists');
        assertValidDetails(command.details, now);
        const account = command.account ?? null;
        const status = initialStatus(command.channel, account);
        const created: ConnectionEvent = {
          type: 'ConnectionCreated',
          data: {
            connectionId: command.connectionId,
            companyId: command.companyId,
            channel: command.channel,
            token: command.token,
            status,
            account,
            ...command.details,
          },
        };
        // A WhatsApp connection opens its session at once, to show the QR code.
        return command.channel === 'whatsapp'
          ? [created, { type: 'ConnectionSessionRequested', data: { connectionId: command.connectionId, kind: 'start', generation: 1 } }]
          : [created];
      }
      case 'ChangeConnectionDetails': {
        const current = active(state);
        const changes = changedFields(current.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        assertValidDetails({ ...current.details, ...changes }, now);
        const events: ConnectionEvent[] = [{ type: 'ConnectionDetailsChanged', data: { connectionId: current.connectionId, changes } }];
        // Enabling the import on a connected number deletes the session first, so the
        // history arrives with the next pairing; the status shows qrcode meanwhile.
        if (current.channel === 'whatsapp' && current.session.status === 'CONNECTED' && changes.importOldMessages) {
          events.push(
            { type: 'ConnectionSessionRequested', data: { connectionId: current.connectionId, kind: 'renew', generation: current.session.generation + 1 } },
            { type: 'ConnectionSessionChanged', data: { connectionId: current.connectionId, status: 'qrcode', qrcode: '', retries: 0 } },
          );
        }
        return events;
      }
      case 'ChangeConnectionToken': {
        const current = active(state);
        return current.token === command.token ? [] : [{ type: 'ConnectionTokenChanged', data: { connectionId: current.connectionId, token: command.token } }];
      }
      case 'ChangeConnectionAccount': {
        const current = active(state);
        if (JSON.stringify(current.account) === JSON.stringify(command.account)) return [];
        return [{ type: 'ConnectionAccountChanged', data: { connectionId: current.connectionId, account: command.account } }];
      }
      case 'DeleteConnection': {
        const current = active(state);
        return [{ type: 'ConnectionDeleted', data: { connectionId: current.connectionId } }];
      }
      case 'RequestSession': {
        const current = active(state);
        return [
          { type: 'ConnectionSessionRequested', data: { connectionId: current.connectionId, kind: command.kind, generation: current.session.generation + 1 } },
        ];
      }
      case 'StopSession': {
        const current = active(state);
        if (command.ifGeneration !== undefined && current.session.generation > command.ifGeneration) return [];
        return [{ type: 'ConnectionSessionStopRequested', data: { connectionId: current.connectionId, generation: current.session.generation + 1 } }];
      }
      case 'RecordSessionState': {
        // A session may report once more while its connection is being deleted: nothing to record.
        if (state.status !== 'active') return [];
        const { session } = state;
        const number = command.number !== undefined && command.number !== session.number ? command.number : undefined;
        if (session.status === command.status && session.qrcode === command.qrcode && session.retries === command.retries && number === undefined) return [];
        return [
          {
            type: 'ConnectionSessionChanged',
            data: {
              connectionId: state.connectionId,
              status: command.status,
              qrcode: command.qrcode,
              retries: command.retries,
              ...(number !== undefined ? { number } : {}),
            },
          },
        ];
      }
      case 'StartImport': {
        const current = active(state);
        return [{ type: 'ConnectionImportStarted', data: { connectionId: current.connectionId, startedAt: now.toISOString() } }];
      }
      case 'RecordImportProgress': {
        const current = active(state);
        return [
          {
            type: 'ConnectionImportProgressed',
            data: { connectionId: current.connectionId, processed: command.processed, total: command.total, date: command.date, ticketIds: command.ticketIds },
          },
        ];
      }
      case 'FinishImport': {
        const current = active(state);
        if (current.import.statusImportMessages === IMPORT_CLOSE_BUTTON) return [];
        return [{ type: 'ConnectionImportFinished', data: { connectionId: current.connectionId, finishedAt: now.toISOString() } }];
      }
      case 'CloseImportedTickets': {
        const current = active(state);
        if (current.import.statusImportMessages !== IMPORT_CLOSE_BUTTON) throw new DomainError('ERR_VALIDATION', 'There is no finished import to close');
        return [{ type: 'ImportedTicketsClosed', data: { connectionId: current.connectionId, ticketIds: command.ticketIds } }];
      }
    }
  },
};

/** Channel flags: the plan decides which channels a company may connect; the sandbox is on every plan. */
export function channelAllowed(channel: ConnectionChannel, flags: Pick<PlanFlags, 'useWhatsapp' | 'useFacebook' | 'useInstagram'>): boolean {
  switch (channel) {
    case 'whatsapp':
    case 'whatsappapi':
      return flags.useWhatsapp;
    case 'facebook':
      return flags.useFacebook;
    case 'instagram':
      return flags.useInstagram;
    case 'sandbox':
      return true;
  }
}

export interface ConnectionRoster {
  /** Live connections by id, with their channel. */
  connections: Record<number, ConnectionChannel>;
  defaultId: number | null;
}

export type ConnectionRosterCommand =
  | {
      type: 'RegisterConnection';
      connectionId: number;
      channel: ConnectionChannel;
      /** The company's plan now: its connection limit and channel flags. */
      plan: Pick<PlanFlags, 'useWhatsapp' | 'useFacebook' | 'useInstagram'> & { connections: number };
      makeDefault?: boolean;
    }
  | { type: 'UnregisterConnection'; connectionId: number }
  | { type: 'SetDefaultConnection'; connectionId: number }
  | { type: 'UnsetDefaultConnection'; connectionId: number };

/**
 * Guard aggregate per company (stream `connectionroster-<companyId>`): concurrent creations cannot
 * pass the plan's connection limit, and exactly one live connection is the default.
 * Sandbox connections do not count against the plan (there may be MAX_SANDBOX_CONNECTIONS of them).
 */
export const connectionRoster: Decider<ConnectionRoster, ConnectionRosterCommand, ConnectionRosterEvent> = {
  initialState: () => ({ connections: {}, defaultId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ConnectionRegistered':
        return { ...state, connections: { ...state.connections, [event.data.connectionId]: event.data.channel } };
      case 'ConnectionUnregistered': {
        const { [event.data.connectionId]: _gone, ...connections } = state.connections;
        return { ...state, connections };
      }
      case 'DefaultConnectionChanged':
        return { ...state, defaultId: event.data.connectionId };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'RegisterConnection': {
        if (state.connections[command.connectionId] !== undefined) return [];
        if (!channelAllowed(command.channel, command.plan)) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
        const channels = Object.values(state.connections);
        if (command.channel === 'sandbox') {
          if (channels.filter((channel) => channel === 'sandbox').length >= MAX_SANDBOX_CONNECTIONS) throw new DomainError('ERR_SANDBOX_CONNECTION_LIMIT');
        } else if (channels.filter((channel) => channel !== 'sandbox').length >= command.plan.connections) {
          throw new DomainError('ERR_PLAN_CONNECTION_LIMIT', undefined, { limit: command.plan.connections });
        }
        const events: ConnectionRosterEvent[] = [{ type: 'ConnectionRegistered', data: { connectionId: command.connectionId, channel: command.channel } }];
        // The company's first connection is its default, so new tickets always have one.
        if (state.defaultId === null || command.makeDefault) {
          events.push({ type: 'DefaultConnectionChanged', data: { connectionId: command.connectionId, previousId: state.defaultId } });
        }
        return events;
      }
      case 'UnregisterConnection': {
        if (state.connections[command.connectionId] === undefined) return [];
        const events: ConnectionRosterEvent[] = [{ type: 'ConnectionUnregistered', data: { connectionId: command.connectionId } }];
        if (state.defaultId === command.connectionId) {
          // The oldest remaining connection takes over, preferring real channels to the sandbox.
          const remaining = Object.entries(state.connections)
            .map(([id, channel]) => ({ id: Number(id), channel }))
            .filter(({ id }) => id !== command.connectionId)
            .sort((a, b) => Number(a.channel === 'sandbox') - Number(b.channel === 'sandbox') || a.id - b.id);
          events.push({ type: 'DefaultConnectionChanged', data: { connectionId: remaining[0]?.id ?? null, previousId: command.connectionId } });
        }
        return events;
      }
      case 'SetDefaultConnection':
        if (state.connections[command.connectionId] === undefined) throw new DomainError('ERR_NO_WAPP_FOUND');
        if (state.defaultId === command.connectionId) return [];
        return [{ type: 'DefaultConnectionChanged', data: { connectionId: command.connectionId, previousId: state.defaultId } }];
      case 'UnsetDefaultConnection':
        // ERR_NO_OTHER_WHATSAPP: a company keeps a default; choose another one instead.
        if (state.defaultId === command.connectionId) throw new DomainError('ERR_NO_OTHER_WHATSAPP');
        return [];
    }
  },
};
