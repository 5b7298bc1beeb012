import type { ChannelGateway, OutboundMessage } from './port';
import type { RunningSession } from './sessions';

/** Where the gateway finds the running session of a connection (the session manager of this process). */
export interface SessionDirectory {
  session(connectionId: number): RunningSession | undefined;
}

/** The failure an outbound message records when no session of its connection runs here. */
export const NO_CHANNEL_CONNECTED = 'no channel connected';

/**
 * The sender reactor's channel gateway: each message goes out through the running session of its
 * connection. A message without a connection, or whose connection has no session running in this
 * process, fails with 'no channel connected' (recorded as MessageSendFailed, the product's
 * ERR_SENDING_WAPP_MSG).
 */
export function createSessionGateway(directory: SessionDirectory): ChannelGateway {
  return {
    async send(message: OutboundMessage) {
      const session = message.whatsappId === null ? undefined : directory.session(message.whatsappId);
      if (!session) throw new Error(NO_CHANNEL_CONNECTED);
      return session.send(message);
    },
  };
}
