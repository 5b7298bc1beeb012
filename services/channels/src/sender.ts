import { contactStream, messageStream, type Actor, type ContactEvent, type RecordedProductEvent } from '@conversa/contracts';
import { contact, fold, loadMessage, loadTicket, message, runCommand, type CommandContext, type MessageCommand } from '@conversa/core';
import type { MediaStore } from '@conversa/media';
import { defineReactor, type Projector } from '@conversa/platform';
import type { ChannelGateway, OutboundMessage } from './port';

type Queued = RecordedProductEvent<'MessageQueued'>;

export interface SenderOptions {
  /** Where the outcome is recorded (store, registry, clock). */
  ctx: CommandContext;
  gateway: ChannelGateway;
  media: MediaStore;
  /** How many tickets send at once; each ticket's messages go out one after the other. Default 8. */
  concurrency?: number;
}

/**
 * The sender (docs/ARCHITECTURE.md "Side effects as reactors"): for each queued message that is not a private note, sends
 * it through the channel gateway and records MessageSent (ack 1) or MessageSendFailed. It reads the
 * message's stream first and skips what is already sent, failed or deleted, so a batch replayed
 * after a crash sends only what had not been recorded yet. A crash between a send and its record
 * sends that one message again: delivery is at least once, and gateways get the message id to
 * deduplicate on.
 */
export function createSenderReactor(options: SenderOptions): Projector {
  const { ctx, gateway, media } = options;
  const concurrency = Math.max(1, options.concurrency ?? 8);

  async function outboundOf(event: Queued, data: Queued['data']): Promise<OutboundMessage | string> {
    const companyId = event.metadata.companyId;
    const ticket = await loadTicket(ctx, data.ticketId);
    const recipient = fold(contact, (await ctx.store.readStream(contactStream(data.contactId))) as unknown as ContactEvent[]);
    if (ticket.status === 'none') return 'ticket not found';
    if (recipient.status === 'none') return 'contact not found';
    const quoted = data.quotedMessageId ? await loadMessage(ctx, data.quotedMessageId) : undefined;
    const file = data.media;
    return {
      companyId,
      whatsappId: data.whatsappId,
      channel: ticket.channel,
      contact: { number: recipient.details.number, isGroup: recipient.isGroup },
      messageId: data.messageId,
      body: data.body,
      mediaType: data.mediaType,
      media: file && {
        ...file,
        async read() {
          const opened = await media.open(companyId, file.url);
          if (!opened) throw new Error(`media file ${file.url} is missing`);
          return opened.stream;
        },
      },
      location: data.location,
      quotedProviderId: quoted && quoted.status !== 'none' ? quoted.providerId : null,
      template: data.template ?? null,
    };
  }

  async function sendOne(event: Queued): Promise<void> {
    const { data } = event;
    const current = await loadMessage(ctx, data.messageId);
    if (current.status !== 'active' || current.delivery !== 'queued' || current.isPrivate) return;
    const outbound = await outboundOf(event, data);
    let outcome: MessageCommand;
    if (typeof outbound === 'string') outcome = { type: 'RecordMessageSendFailed', reason: outbound };
    else {
      try {
        const { providerId } = await gateway.send(outbound);
        outcome =
          typeof providerId === 'string' && providerId.length > 0 && providerId.length <= 255
            ? { type: 'RecordMessageSent', providerId }
            : { type: 'RecordMessageSendFailed', reason: 'the channel answered without a message id' };
      } catch (error) {
        outcome = { type: 'RecordMessageSendFailed', reason: error instanceof Error ? error.message || error.name : String(error) };
      }
    }
    const actor: Actor = { kind: 'channel', id: data.whatsappId ?? 'unassigned' };
    await runCommand(ctx, {
      decider: message,
      streamId: messageStream(data.messageId),
      command: outcome,
      companyId: event.metadata.companyId,
      actor,
      correlationId: event.metadata.correlationId,
      causationId: event.id,
    });
  }

  return defineReactor({
    name: 'sender',
    eventTypes: ['MessageQueued'],
    async react(events) {
      // One lane per ticket keeps its messages in order; lanes run side by side.
      const lanes = new Map<string, Queued[]>();
      for (const event of events) {
        const { data } = event;
        if (data.isPrivate) continue;
        const key = `${event.metadata.companyId}:${data.ticketId}`;
        lanes.set(key, [...(lanes.get(key) ?? []), event]);
      }
      const pending = [...lanes.values()];
      const workers = Array.from({ length: Math.min(concurrency, pending.length) }, async () => {
        for (let lane = pending.shift(); lane; lane = pending.shift()) {
          for (const event of lane) await sendOne(event);
        }
      });
      await Promise.all(workers);
    },
  });
}
