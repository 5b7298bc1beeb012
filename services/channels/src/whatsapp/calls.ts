import type { WACallEvent } from '@whiskeysockets/baileys';
import { chatOf, type MappingContext, type WhatsappMessage } from './mapping';

/** WhatsApp calls as the product sees them: a call offered to the connection, logged and perhaps rejected. */
export interface MappedCall {
  callId: string;
  /** Who called (their jid as the socket needs it to reject the call). */
  from: string;
  /** Reject it: the company does not take calls on WhatsApp (acceptCallWhatsapp disabled). */
  reject: boolean;
  /** The call, logged in the conversation as a call_log message. */
  message: WhatsappMessage;
}

/**
 * call: an offered one-to-one call. Whether the company takes calls (acceptCallWhatsapp) decides if
 * it is rejected; either way it is logged in the conversation, once per call id. Group calls and
 * later call states (ringing, accept, terminate…) are not logged.
 */
export function mapCall(call: WACallEvent, context: MappingContext, acceptCalls: boolean): MappedCall | undefined {
  if (call.status !== 'offer' || call.isGroup) return undefined;
  const jid = call.from || call.chatId;
  const chat = chatOf({ remoteJid: jid, remoteJidAlt: call.callerPn, fromMe: false }, null, context);
  if (!chat) return undefined;
  const kind = call.isVideo ? 'vídeo' : 'voz';
  const body = acceptCalls ? `Chamada de ${kind} recebida` : `Chamada de ${kind} recusada: as chamadas estão desativadas para esta conexão`;
  return {
    callId: call.id,
    from: jid,
    reject: !acceptCalls,
    message: {
      kind: 'message',
      providerId: `call-${call.id}`,
      fromMe: false,
      chat,
      participant: null,
      body,
      mediaType: 'call_log',
      media: null,
      location: null,
      quotedProviderId: null,
      at: call.date instanceof Date ? call.date : new Date(call.date),
      groupTicket: false,
    },
  };
}
