import { passwordResetStream, RESET_CODE_TTL_MINUTES, type Channel, type RecordedProductEvent } from '@conversa/contracts';
import { loadPasswordReset, passwordReset, runCommand, type CommandContext, type ResetCodes } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/platform';
import { defaultConnection } from '@conversa/projections/connections/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import type { Kysely } from 'kysely';
import type { ChannelGateway } from './port';

/** The platform's own company: its default connection sends codes for companies without a connected one. */
export const PLATFORM_COMPANY_ID = 1;
/** A channel that does not answer in this time fails the sending (the user may ask again). */
const SEND_TIMEOUT_MS = 15_000;

export const resetCodeText = (code: string) =>
  `Seu código de recuperação de senha é ${code}. Ele expira em ${RESET_CODE_TTL_MINUTES} minutos. Se você não pediu, ignore esta mensagem.`;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the channel in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * password-reset-sender: sends a reset's code to its number over the user's company's default connection when it
 * is connected, else over the platform company's (company 1). Records PasswordResetCodeSent or
 * PasswordResetCodeSendFailed; a reset already recorded as sent is skipped, so a batch handled again after a
 * crash sends nothing twice (the gateway also keys the message by the reset's id). Resets of unknown numbers
 * send nothing.
 */
export function createPasswordResetSender(options: { ctx: CommandContext; db: Kysely<ReadDatabase>; gateway: ChannelGateway; codes: ResetCodes }): Projector {
  const { ctx, db, gateway, codes } = options;

  const connectedDefault = async (companyId: number) => {
    const found = await defaultConnection(db, companyId);
    return found && found.status === 'CONNECTED' ? found : null;
  };

  async function sendOne(event: RecordedProductEvent<'PasswordResetRequested'>): Promise<void> {
    const { data } = event;
    if (data.userId === null) return;
    const current = await loadPasswordReset(ctx, data.resetId);
    if (current.status !== 'pending' || current.sent) return;
    if (Date.now() > Date.parse(current.expiresAt)) return;
    const companyId = event.metadata.companyId;
    const connection = (await connectedDefault(companyId)) ?? (companyId === PLATFORM_COMPANY_ID ? null : await connectedDefault(PLATFORM_COMPANY_ID));
    let command: { type: 'RecordCodeSent'; whatsappId: number } | { type: 'RecordCodeSendFailed'; reason: string };
    if (!connection) command = { type: 'RecordCodeSendFailed', reason: 'no connected default connection (company nor platform)' };
    else {
      try {
        await withTimeout(
          gateway.send({
            companyId: connection.companyId,
            whatsappId: connection.id,
            channel: connection.channel as Channel,
            contact: { number: data.number, isGroup: false },
            messageId: data.resetId,
            body: resetCodeText(codes.codeOf(data.resetId)),
            mediaType: 'chat',
            media: null,
            location: null,
            quotedProviderId: null,
          }),
          SEND_TIMEOUT_MS,
        );
        command = { type: 'RecordCodeSent', whatsappId: connection.id };
      } catch (error) {
        command = { type: 'RecordCodeSendFailed', reason: error instanceof Error ? error.message || error.name : String(error) };
      }
    }
    await runCommand(ctx, {
      decider: passwordReset,
      streamId: passwordResetStream(data.resetId),
      command,
      companyId,
      actor: { kind: 'system', id: 'password-reset-sender' },
      causationId: event.id,
    });
  }

  return defineReactor({
    name: 'password-reset-sender',
    eventTypes: ['PasswordResetRequested'],
    async react(events) {
      // Each reset on its own: one slow channel delays only the codes behind it in this batch, bounded by the timeout.
      await Promise.all(events.map((event) => sendOne(event)));
    },
  });
}
