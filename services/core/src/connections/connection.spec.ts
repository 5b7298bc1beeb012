import { defaultConnectionDetails, IMPORT_CLOSE_BUTTON, type ConnectionDetails, type ConnectionEvent, type ConnectionRosterEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { connection, connectionRoster } from './connection';

const now = new Date('2026-01-15T12:00:00.000Z');
const details: ConnectionDetails = { ...defaultConnectionDetails(), name: 'Vendas' };
const token = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123';
const created = (channel: 'whatsapp' | 'sandbox' = 'whatsapp', status: 'OPENING' | 'CONNECTED' = 'OPENING'): ConnectionEvent => ({
  type: 'ConnectionCreated',
  data: { connectionId: 5, companyId: 2, channel, token, status, account: null, ...details },
});
const requested = (generation: number, kind: 'start' | 'renew' | 'restart' = 'start'): ConnectionEvent => ({
  type: 'ConnectionSessionRequested',
  data: { connectionId: 5, kind, generation },
});
const connected: ConnectionEvent = {
  type: 'ConnectionSessionChanged',
  data: { connectionId: 5, status: 'CONNECTED', qrcode: '', retries: 0, number: '5511999990000' },
};
const plan = { useWhatsapp: true, useFacebook: false, useInstagram: true, connections: 2 };

describe('connection decider', () => {
  it('creates a WhatsApp connection OPENING with its first session request', () => {
    spec(connection)
      .given([])
      .when({ type: 'CreateConnection', connectionId: 5, companyId: 2, channel: 'whatsapp', token, details }, now)
      .then([created(), requested(1)]);
  });

  it('creates a sandbox connection CONNECTED at once, with nothing to start', () => {
    spec(connection)
      .given([])
      .when({ type: 'CreateConnection', connectionId: 5, companyId: 2, channel: 'sandbox', token, details }, now)
      .then([created('sandbox', 'CONNECTED')]);
  });

  it('creates a Meta channel CONNECTED once it has an account, DISCONNECTED without', () => {
    const account = { facebookUserId: '1', facebookUserToken: 'u', facebookPageUserId: 'page-1', tokenMeta: 'page-token' };
    spec(connection)
      .given([])
      .when({ type: 'CreateConnection', connectionId: 5, companyId: 2, channel: 'facebook', token, details, account }, now)
      .thenState((state) => expect(state.status === 'active' && state.session.status).toBe('CONNECTED'));
    spec(connection)
      .given([])
      .when({ type: 'CreateConnection', connectionId: 5, companyId: 2, channel: 'instagram', token, details }, now)
      .thenState((state) => expect(state.status === 'active' && state.session.status).toBe('DISCONNECTED'));
  });

  it('refuses an import date in the future or older than two years, and a recent-to date before the from date', () => {
    const at = (importOldMessages: string | null, importRecentMessages: string | null = null) => ({ ...details, importOldMessages, importRecentMessages });
    const create = (d: ConnectionDetails) => ({
      type: 'CreateConnection' as const,
      connectionId: 5,
      companyId: 2,
      channel: 'whatsapp' as const,
      token,
      details: d,
    });
    spec(connection)
      .given([])
      .when(create(at('2026-01-16T00:00:00.000Z')), now)
      .thenThrows('ERR_VALIDATION');
    spec(connection)
      .given([])
      .when(create(at('2023-12-01T00:00:00.000Z')), now)
      .thenThrows('ERR_VALIDATION');
    spec(connection)
      .given([])
      .when(create(at('2025-06-01T00:00:00.000Z', '2025-05-01T00:00:00.000Z')), now)
      .thenThrows('ERR_VALIDATION');
    spec(connection)
      .given([])
      .when(create(at('2025-06-01T00:00:00.000Z', '2026-01-20T00:00:00.000Z')), now)
      .thenThrows('ERR_VALIDATION');
    spec(connection)
      .given([])
      .when(create(at('2024-02-01T00:00:00.000Z', '2025-05-01T00:00:00.000Z')), now)
      .thenState((state) => expect(state.status).toBe('active'));
  });

  it('needs a greeting message when the connection serves several queues', () => {
    spec(connection)
      .given([created()])
      .when({ type: 'ChangeConnectionDetails', changes: { queueIds: [1, 2] } }, now)
      .thenThrows('ERR_WAPP_GREETING_REQUIRED');
    spec(connection)
      .given([created()])
      .when({ type: 'ChangeConnectionDetails', changes: { queueIds: [1, 2], greetingMessage: 'Olá! 1 - Vendas, 2 - Suporte' } }, now)
      .then([{ type: 'ConnectionDetailsChanged', data: { connectionId: 5, changes: { queueIds: [1, 2], greetingMessage: 'Olá! 1 - Vendas, 2 - Suporte' } } }]);
  });

  it('records only the fields that changed', () => {
    spec(connection)
      .given([created()])
      .when({ type: 'ChangeConnectionDetails', changes: { name: 'Vendas', expiresTicket: 60, groupAsTicket: 'enabled' } }, now)
      .then([{ type: 'ConnectionDetailsChanged', data: { connectionId: 5, changes: { expiresTicket: 60, groupAsTicket: 'enabled' } } }]);
    spec(connection)
      .given([created()])
      .when({ type: 'ChangeConnectionDetails', changes: { name: 'Vendas' } }, now)
      .then([]);
  });

  it('enabling the import on a connected number renews the session and shows qrcode (spec 2 §4)', () => {
    spec(connection)
      .given([created(), requested(1), connected])
      .when({ type: 'ChangeConnectionDetails', changes: { importOldMessages: '2025-12-01T00:00:00.000Z' } }, now)
      .then([
        { type: 'ConnectionDetailsChanged', data: { connectionId: 5, changes: { importOldMessages: '2025-12-01T00:00:00.000Z' } } },
        requested(2, 'renew'),
        { type: 'ConnectionSessionChanged', data: { connectionId: 5, status: 'qrcode', qrcode: '', retries: 0 } },
      ]);
  });

  it('counts session requests in generations; a disconnect stops wanting the session', () => {
    spec(connection)
      .given([created(), requested(1)])
      .when({ type: 'RequestSession', kind: 'renew' })
      .then([requested(2, 'renew')]);
    spec(connection)
      .given([created(), requested(1)])
      .when({ type: 'StopSession' })
      .thenState((state) => expect(state.status === 'active' && state.session).toMatchObject({ wanted: false, generation: 2 }));
  });

  it('a session ending for good stops only the request it was started for, not a newer one', () => {
    spec(connection)
      .given([created(), requested(1)])
      .when({ type: 'StopSession', ifGeneration: 1 })
      .then([{ type: 'ConnectionSessionStopRequested', data: { connectionId: 5, generation: 2 } }]);
    spec(connection)
      .given([created(), requested(1), requested(2, 'restart')])
      .when({ type: 'StopSession', ifGeneration: 1 })
      .then([]);
  });

  it('records session status, QR code, retries and number only when something changed', () => {
    spec(connection)
      .given([created(), requested(1)])
      .when({ type: 'RecordSessionState', status: 'qrcode', qrcode: '2@abc', retries: 0 })
      .then([{ type: 'ConnectionSessionChanged', data: { connectionId: 5, status: 'qrcode', qrcode: '2@abc', retries: 0 } }]);
    spec(connection)
      .given([created(), requested(1), connected])
      .when({ type: 'RecordSessionState', status: 'CONNECTED', qrcode: '', retries: 0, number: '5511999990000' })
      .then([]);
  });

  it('ignores a late session report after the connection was deleted', () => {
    spec(connection)
      .given([created(), { type: 'ConnectionDeleted', data: { connectionId: 5 } }])
      .when({ type: 'RecordSessionState', status: 'DISCONNECTED', qrcode: '', retries: 0 })
      .then([]);
    spec(connection)
      .given([created(), { type: 'ConnectionDeleted', data: { connectionId: 5 } }])
      .when({ type: 'DeleteConnection' })
      .thenThrows('ERR_NO_WAPP_FOUND');
  });

  it('walks an import: started (preparing), progress, finished (close button), imported tickets closed', () => {
    const started: ConnectionEvent = { type: 'ConnectionImportStarted', data: { connectionId: 5, startedAt: now.toISOString() } };
    spec(connection)
      .given([created(), started])
      .when({ type: 'StartImport' }, now)
      .thenState((state) => expect(state.status === 'active' && state.import.statusImportMessages).toBe(String(now.getTime())));
    spec(connection)
      .given([created(), started])
      .when({ type: 'RecordImportProgress', processed: 10, total: 40, date: '2025-12-02T10:00:00.000Z', ticketIds: [7] })
      .then([{ type: 'ConnectionImportProgressed', data: { connectionId: 5, processed: 10, total: 40, date: '2025-12-02T10:00:00.000Z', ticketIds: [7] } }]);
    const progressed = (ticketIds: number[]): ConnectionEvent => ({
      type: 'ConnectionImportProgressed',
      data: { connectionId: 5, processed: 1, total: 2, date: null, ticketIds },
    });
    spec(connection)
      .given([created(), started, progressed([7, 8]), progressed([8, 9])])
      .when({ type: 'FinishImport' }, now)
      .thenState((state) => expect(state.status === 'active' && state.import.ticketIds).toEqual([7, 8, 9]));
    spec(connection).given([created(), started]).when({ type: 'CloseImportedTickets', ticketIds: [] }).thenThrows('ERR_VALIDATION');
    const finished: ConnectionEvent = { type: 'ConnectionImportFinished', data: { connectionId: 5, finishedAt: now.toISOString() } };
    spec(connection).given([created(), started]).when({ type: 'FinishImport' }, now).then([finished]);
    spec(connection)
      .given([created(), started, finished])
      .when({ type: 'CloseImportedTickets', ticketIds: [7, 8] })
      .thenState((state) => expect(state.status === 'active' && state.import.statusImportMessages).toBe(null));
    spec(connection)
      .given([created(), started, finished])
      .when({ type: 'FinishImport' })
      .thenState((state) => expect(state.status === 'active' && state.import.statusImportMessages).toBe(IMPORT_CLOSE_BUTTON));
  });

  it('changes the token', () => {
    spec(connection)
      .given([created()])
      .when({ type: 'ChangeConnectionToken', token: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ9' })
      .then([{ type: 'ConnectionTokenChanged', data: { connectionId: 5, token: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ9' } }]);
  });
});

describe('connection roster', () => {
  const registered = (connectionId: number, channel: 'whatsapp' | 'sandbox' | 'instagram' = 'whatsapp'): ConnectionRosterEvent => ({
    type: 'ConnectionRegistered',
    data: { connectionId, channel },
  });
  const defaulted = (connectionId: number | null, previousId: number | null): ConnectionRosterEvent => ({
    type: 'DefaultConnectionChanged',
    data: { connectionId, previousId },
  });

  it("makes the company's first connection its default", () => {
    spec(connectionRoster)
      .given([])
      .when({ type: 'RegisterConnection', connectionId: 5, channel: 'whatsapp', plan })
      .then([registered(5), defaulted(5, null)]);
  });

  it("refuses a connection past the plan's limit, and channels the plan does not include", () => {
    spec(connectionRoster)
      .given([registered(5), defaulted(5, null), registered(6, 'instagram')])
      .when({ type: 'RegisterConnection', connectionId: 7, channel: 'whatsapp', plan })
      .thenThrows('ERR_PLAN_CONNECTION_LIMIT', { limit: 2 });
    spec(connectionRoster).given([]).when({ type: 'RegisterConnection', connectionId: 7, channel: 'facebook', plan }).thenThrows('ERR_PLAN_FEATURE_DISABLED');
  });

  it('lets sandbox connections in on any plan, up to three, outside the limit', () => {
    const full = [registered(5), defaulted(5, null), registered(6, 'instagram')];
    spec(connectionRoster)
      .given(full)
      .when({
        type: 'RegisterConnection',
        connectionId: 7,
        channel: 'sandbox',
        plan: { useWhatsapp: false, useFacebook: false, useInstagram: false, connections: 0 },
      })
      .then([registered(7, 'sandbox')]);
    spec(connectionRoster)
      .given([...full, registered(7, 'sandbox'), registered(8, 'sandbox'), registered(9, 'sandbox')])
      .when({ type: 'RegisterConnection', connectionId: 10, channel: 'sandbox', plan })
      .thenThrows('ERR_SANDBOX_CONNECTION_LIMIT');
  });

  it('hands the default to the oldest remaining real connection when the default goes', () => {
    spec(connectionRoster)
      .given([registered(5), defaulted(5, null), registered(6, 'sandbox'), registered(8, 'instagram'), registered(7)])
      .when({ type: 'UnregisterConnection', connectionId: 5 })
      .then([{ type: 'ConnectionUnregistered', data: { connectionId: 5 } }, defaulted(7, 5)]);
    spec(connectionRoster)
      .given([registered(5), defaulted(5, null)])
      .when({ type: 'UnregisterConnection', connectionId: 5 })
      .then([{ type: 'ConnectionUnregistered', data: { connectionId: 5 } }, defaulted(null, 5)]);
  });

  it('sets another default; refuses to leave the company without one', () => {
    const two = [registered(5), defaulted(5, null), registered(6)];
    spec(connectionRoster)
      .given(two)
      .when({ type: 'SetDefaultConnection', connectionId: 6 })
      .then([defaulted(6, 5)]);
    spec(connectionRoster).given(two).when({ type: 'SetDefaultConnection', connectionId: 9 }).thenThrows('ERR_NO_WAPP_FOUND');
    spec(connectionRoster).given(two).when({ type: 'UnsetDefaultConnection', connectionId: 5 }).thenThrows('ERR_NO_OTHER_WHATSAPP');
    spec(connectionRoster).given(two).when({ type: 'UnsetDefaultConnection', connectionId: 6 }).then([]);
  });
});
