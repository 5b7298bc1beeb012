import type { Bus, BusSubscription } from '@conversa/bus';
import type { StoredMedia } from '@conversa/contracts';
import type { MediaStore } from '@conversa/media';
import { randomUUID } from 'node:crypto';
import type { OutboundMessage } from './port';
import type { OutboundAmendment, RunningSession, SessionLogger } from './session-port';

// The protocol between a sender running in one process and the session running in another: a
// request on the connection's subject, answered on the asker's own reply subject.

/** The failure an outbound message records when no session of its connection runs anywhere. */
export const NO_CHANNEL_CONNECTED = 'no channel connected';

/** A send (or an edit, a deletion) handed to the process that runs the connection's session: the message, with its file by reference. */
export interface RemoteSendRequest {
  requestId: string;
  replyTo: string;
  message?: Omit<OutboundMessage, 'media'> & { media: StoredMedia | null };
  amendment?: OutboundAmendment;
}
export type RemoteSendReply = { requestId: string; providerId: string } | { requestId: string; error: string };

/** Subjects of sends between processes (not company subjects: they never reach a browser). */
export const remoteSendSubject = (connectionId: number) => `sessions.send.${connectionId}`;
export const REMOTE_SEND_PATTERN = 'sessions.send.*';

/** Opens a stored file again in the process that sends it. */
export function withMediaReader(message: NonNullable<RemoteSendRequest['message']>, media: MediaStore): OutboundMessage {
  const file = message.media;
  return {
    ...message,
    media: file && {
      ...file,
      async read() {
        const opened = await media.open(message.companyId, file.url);
        if (!opened) throw new Error(`media file ${file.url} is missing`);
        return opened.stream;
      },
    },
  };
}

/**
 * The session side: answers sends from other processes for the sessions `sessionOf` finds here.
 * A request for a session this process does not run is left unanswered (the asker times out).
 */
export function serveRemoteSends(options: { bus: Bus; sessionOf: (connectionId: number) => RunningSession | null | undefined; media: MediaStore; log: SessionLogger }): Promise<BusSubscription> {
  const { bus, sessionOf, media, log } = options;
  return bus.subscribe(REMOTE_SEND_PATTERN, ({ data }) => {
    const request = data as RemoteSendRequest;
    const connectionId = request.amendment?.whatsappId ?? request.message?.whatsappId;
    const running = typeof connectionId === 'number' ? sessionOf(connectionId) : undefined;
    if (!running) return;
    const work = request.amendment
      ? (running.amend ? running.amend(request.amendment) : Promise.resolve()).then(() => ({ providerId: request.amendment!.providerId }))
      : running.send(withMediaReader(request.message!, media));
    void work
      .then(
        ({ providerId }): RemoteSendReply => ({ requestId: request.requestId, providerId }),
        (error): RemoteSendReply => ({ requestId: request.requestId, error: error instanceof Error ? error.message || error.name : String(error) }),
      )
      .then((reply) => bus.publish(request.replyTo, reply))
      .catch((error) => log.error({ err: error, connectionId }, 'sessions: answering a send from another process failed'));
  });
}

export interface RemoteSender {
  /** Asks the process running the connection's session to send or amend; rejects with its reason, or 'no channel connected' on timeout. */
  request(connectionId: number, payload: Pick<RemoteSendRequest, 'message' | 'amendment'>): Promise<{ providerId: string }>;
  /** Fails what is still waiting and stops listening for replies. */
  close(): Promise<void>;
}

/** The asking side: one reply subject per process, listened to from the first request on. */
export function createRemoteSender(options: { bus: Bus; timeoutMs?: number }): RemoteSender {
  const { bus } = options;
  const replyTo = `sessions.reply.${randomUUID().replace(/-/g, '')}`;
  const waiting = new Map<string, (reply: RemoteSendReply) => void>();
  let replies: Promise<BusSubscription> | null = null;

  const listen = () =>
    (replies ??= bus.subscribe(replyTo, ({ data }) => {
      const reply = data as RemoteSendReply;
      waiting.get(reply.requestId)?.(reply);
    }));

  return {
    async request(connectionId, payload) {
      await listen();
      const requestId = randomUUID();
      const request: RemoteSendRequest = { requestId, replyTo, ...payload };
      const reply = await new Promise<RemoteSendReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(requestId);
          reject(new Error(NO_CHANNEL_CONNECTED));
        }, options.timeoutMs ?? 30_000);
        waiting.set(requestId, (answer) => {
          clearTimeout(timer);
          waiting.delete(requestId);
          resolve(answer);
        });
        bus.publish(remoteSendSubject(connectionId), request).catch((error) => {
          clearTimeout(timer);
          waiting.delete(requestId);
          reject(error);
        });
      });
      if ('error' in reply) throw new Error(reply.error);
      return { providerId: reply.providerId };
    },
    async close() {
      const subscription = replies;
      replies = null;
      for (const [requestId, resolve] of waiting) resolve({ requestId, error: NO_CHANNEL_CONNECTED });
      await (await subscription)?.unsubscribe();
    },
  };
}
