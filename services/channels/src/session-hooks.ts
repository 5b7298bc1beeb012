import { connectionStream, messageStream, ticketChannelOf, type Actor, type ConnectionChannel, type ConnectionStatus } from '@conversa/contracts';
import { closeImportedTickets, connection, inboundMessageId, loadMessage, message, receiveMessage, recordSentElsewhere, runCommand } from '@conversa/core';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import { findConnection } from '@conversa/projections/connections/queries';
import { messageIdByProviderId } from '@conversa/projections/messages/queries';
import { inboundContext } from './inbound';
import {
  IMPORT_PROGRESS_INTERVAL_MS,
  silentLogger,
  type ImportProgressReport,
  type SessionContext,
  type SessionHooks,
  type SessionLogger,
} from './session-port';

export interface SessionHooksOptions {
  /**
   * The request generation the session was started for. When it ends for good, it stops only that
   * request: one made meanwhile (the account linked, a restart asked while it started) stands.
   */
  generation?: number;
  /**
   * Called when the session says it ended for good (the manager stops and forgets it), with the
   * first request generation that may start it again: the stop it recorded, or the request that
   * superseded it. Until then the session stays down, even while the read model lags behind.
   */
  onEnded?: (reason: string, downBelowGeneration: number) => Promise<void>;
  log?: SessionLogger;
}

/**
 * The hooks of one connection. The session manager gives them to the driver it starts; the
 * sandbox's HTTP routes use the same object, so a sandbox message enters exactly as a real one.
 */
export function createSessionHooks(
  ctx: SessionContext,
  target: { id: number; companyId: number; channel: ConnectionChannel },
  options: SessionHooksOptions = {},
): SessionHooks {
  const { id: connectionId, companyId, channel } = target;
  const actor: Actor = { kind: 'channel', id: connectionId };
  const inbound = inboundContext(ctx);
  const onConnection = (command: Parameters<typeof connection.decide>[1]) =>
    runCommand(ctx, { decider: connection, streamId: connectionStream(connectionId), command, companyId, actor });
  let lastReport: { status: ConnectionStatus; qrcode: string; retries: number } | null = null;
  const pendingImport: { report: ImportProgressReport | null; ticketIds: Set<number>; at: number } = { report: null, ticketIds: new Set(), at: 0 };

  /**
   * Conversa's id of a provider's message on this connection: received ones and ones sent elsewhere
   * have it derived from the provider id; ones Conversa sent learn it from the read model.
   */
  async function knownMessage(providerId: string, derivedOnly: boolean): Promise<string | undefined> {
    const derivedId = inboundMessageId(companyId, connectionId, providerId);
    if ((await loadMessage(ctx, derivedId)).status !== 'none') return derivedId;
    return derivedOnly ? undefined : messageIdByProviderId(ctx.db, companyId, connectionId, providerId);
  }

  async function flushImport(): Promise<void> {
    const report = pendingImport.report;
    if (!report) return;
    pendingImport.report = null;
    const ticketIds = [...pendingImport.ticketIds];
    pendingImport.ticketIds.clear();
    pendingImport.at = Date.now();
    await onConnection({
      type: 'RecordImportProgress',
      processed: report.processed,
      total: report.total,
      date: report.date === null ? null : new Date(report.date).toISOString(),
      ticketIds,
    });
  }

  return {
    connectionId,
    companyId,
    channel,
    log: options.log ?? silentLogger,
    async report(report) {
      const state = {
        status: report.status,
        qrcode: report.qrcode ?? '',
        retries: report.retries ?? (report.status === 'CONNECTED' ? 0 : (lastReport?.retries ?? 0)),
      };
      lastReport = state;
      await onConnection({ type: 'RecordSessionState', ...state, ...(report.number !== undefined ? { number: report.number } : {}) });
    },
    async ended(reason) {
      const startedFor = options.generation;
      const stopped = await onConnection({ type: 'StopSession', ...(startedFor !== undefined ? { ifGeneration: startedFor } : {}) });
      if (startedFor !== undefined && stopped.events.length === 0) {
        // Someone asked for the session again after this one started (a Meta account linked to a
        // connection that started without one): the newer request starts a new session.
        options.log?.warn({ connectionId, reason, generation: startedFor }, 'session ended; a newer session request stands');
        await options.onEnded?.(reason, startedFor + 1);
        return;
      }
      options.log?.warn({ connectionId, reason }, 'session ended');
      await onConnection({ type: 'RecordSessionState', status: 'DISCONNECTED', qrcode: '', retries: lastReport?.retries ?? 0 });
      const generation = stopped.state.status === 'none' ? 0 : stopped.state.session.generation;
      await options.onEnded?.(reason, generation);
    },
    receiveMessage(input) {
      return receiveMessage(inbound, { ...input, companyId, whatsappId: connectionId, channel: ticketChannelOf(channel) });
    },
    recordSentElsewhere: (input) => recordSentElsewhere(inbound, { ...input, companyId, whatsappId: connectionId, channel: ticketChannelOf(channel) }),
    async isRecorded(providerId) {
      return (await knownMessage(providerId, false)) !== undefined;
    },
    async messageAck({ providerId, ack, messageId }) {
      const id = messageId ?? (await messageIdByProviderId(ctx.db, companyId, connectionId, providerId));
      if (!id) return false;
      const current = await loadMessage(ctx, id);
      if (current.status === 'none') return false;
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'ChangeMessageAck', ack }, companyId, actor });
      return true;
    },
    async messageEdited({ providerId, body, editedAt, fromMe = false }) {
      const id = await knownMessage(providerId, !fromMe);
      if (!id) return false;
      const at = new Date(editedAt ?? ctx.now()).toISOString();
      await runCommand(ctx, { decider: message, streamId: messageStream(id), command: { type: 'RecordChannelEdit', body, editedAt: at }, companyId, actor });
      return true;
    },
    async messageDeleted({ providerId, fromMe = false }) {
      const id = await knownMessage(providerId, !fromMe);
      if (!id) return false;
      const current = await loadMessage(ctx, id);
      // The side that wrote it deleted it; a mismatch (our message reported as the contact's) is not ours to record.
      if (current.status === 'none' || current.fromMe !== fromMe) return false;
      // lgpdDeleteMessage as it stands now decides, and the event carries the decision (a rebuild agrees).
      const eraseContent = !fromMe && (await companySettingsOf(ctx.db, companyId)).lgpdDeleteMessage === 'enabled';
      await runCommand(ctx, {
        decider: message,
        streamId: messageStream(id),
        command: { type: 'DeleteMessage', by: fromMe ? 'user' : 'contact', eraseContent },
        companyId,
        actor,
      });
      return true;
    },
    async importStarted() {
      pendingImport.report = null;
      pendingImport.ticketIds.clear();
      await onConnection({ type: 'StartImport' });
    },
    async importProgress(progress) {
      pendingImport.report = progress;
      for (const ticketId of progress.ticketIds ?? []) pendingImport.ticketIds.add(ticketId);
      if (Date.now() - pendingImport.at >= IMPORT_PROGRESS_INTERVAL_MS) await flushImport();
    },
    async importFinished() {
      await flushImport();
      await onConnection({ type: 'FinishImport' });
      // closedTicketsPostImported: the imported conversations are history, not work waiting.
      if ((await findConnection(ctx.db, connectionId, { companyId }))?.closedTicketsPostImported) {
        await closeImportedTickets(ctx, { connectionId, companyId, actor, userId: null });
      }
    },
    saveMedia({ data, mime, name }) {
      return ctx.media.save({ companyId, data, declaredMime: mime, originalName: name });
    },
    connection: () => findConnection(ctx.db, connectionId, { companyId }),
    companySettings: () => companySettingsOf(ctx.db, companyId),
  };
}
