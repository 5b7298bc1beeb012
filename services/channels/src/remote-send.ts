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

export interface ServeRemoteSendsOptions {
  bus: Bus;
  sessionOf: (connectionId: number) => RunningSession | null | undefined;
  /** Whether this process holds the connection's lease (its session may still be starting). */
  owns?: (connectionId: number) => boolean;
  /** How long a request for a session held here but still starting waits for it before it is refused. */
  startingWaitMs?: number;
  media: MediaStore;
  log: SessionLogger;
}

/**
 * The session side: answers sends from other processes for the sessions `sessionOf` finds here.
 * One held here but still starting (just taken over) is waited for, bounded by `startingWaitMs`,
 * then refused with 'no channel connected'. A request for a session this process does not hold is
 * left to the process that does (the asker hands it to a new owner if that one dies).
 */
export function serveRemoteSends(options: ServeRemoteSendsOptions): Promise<BusSubscription> {
  const { bus, sessionOf, media, log } = options;
  const owns = options.owns ?? ((connectionId: number) => sessionOf(connectionId) !== undefined && sessionOf(connectionId) !== null);
  const started = async (connectionId: number): Promise<RunningSession | undefined> => {
    const until = Date.now() + (options.startingWaitMs ?? 0);
    for (;;) {
      const running = sessionOf(connectionId);
      if (running || !owns(connectionId) || Date.now() >= until) return running ?? undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return bus.subscribe(REMOTE_SEND_PATTERN, ({ data }) => {
    const request = data as RemoteSendRequest;
    const connectionId = request.amendment?.whatsappId ?? request.message?.whatsappId;
    if (typeof connectionId !== 'number' || !owns(connectionId)) return;
    const work = started(connectionId).then((running) => {
      if (!running) throw new Error(NO_CHANNEL_CONNECTED);
      return request.amendment
        ? (running.amend ? running.amend(request.amendment) : Promise.resolve()).then(() => ({ providerId: request.amendment!.providerId }))
        : running.send(withMediaReader(request.message!, media));
    });
    void work
      .then(
        ({ providerId }): RemoteSendReply => ({ requestId: request.requestId, providerId }),
        (error): RemoteSendReply => ({ requestId: request.requestId, error: error instanceof Error ? error.message || error.name : String(error) }),
      )
      .then((reply) => bus.publish(request.replyTo, reply))
      .catch((error) => log.error({ err: error, connectionId }, 'sessions: answering a send from another process failed'));
  });
}

/**
 * Who runs the connection now, asked while a request waits for its answer: `same` (the process it
 * was sent to), `moved` (another process took the connection over: send it there), `gone` (nobody
 * holds it: its owner died and no member has taken it yet).
 */
export type OwnerCheck = () => Promise<'same' | 'moved' | 'gone'>;

export interface RequestOptions {
  /** Looked at every `everyMs` while no answer came: a request to an owner that died is handed to the next. */
  owner?: { check: OwnerCheck; everyMs: number; goneForMs: number };
}

export interface RemoteSender {
  /** Asks the process running the connection's session to send or amend; rejects with its reason, or 'no channel connected' on timeout. */
  request(connectionId: number, payload: Pick<RemoteSendRequest, 'message' | 'amendment'>, options?: RequestOptions): Promise<{ providerId: string }>;
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
    async request(connectionId, payload, requestOptions = {}) {
      await listen();
      const requestId = randomUUID();
      const request: RemoteSendRequest = { requestId, replyTo, ...payload };
      const reply = await new Promise<RemoteSendReply>((resolve, reject) => {
        let watcher: NodeJS.Timeout | undefined;
        const settle = () => {
          clearTimeout(timer);
          clearTimeout(watcher);
          waiting.delete(requestId);
        };
        const timer = setTimeout(() => {
          settle();
          reject(new Error(NO_CHANNEL_CONNECTED));
        }, options.timeoutMs ?? 30_000);
        waiting.set(requestId, (answer) => {
          settle();
          resolve(answer);
        });
        const publish = () =>
          bus.publish(remoteSendSubject(connectionId), request).catch((error) => {
            settle();
            reject(error);
          });
        void publish();
        // The owner died with the request (unanswered): once another member holds the connection the
        // same request goes to it; the first answer wins. Nobody taking it over fails it, bounded.
        const owner = requestOptions.owner;
        if (!owner) return;
        let goneSince: number | undefined;
        const look = async () => {
          if (!waiting.has(requestId)) return;
          const now = await owner.check().catch(() => 'same' as const);
          if (!waiting.has(requestId)) return;
          if (now === 'moved') {
            goneSince = undefined;
            void publish();
          } else if (now === 'gone') {
            goneSince ??= Date.now();
            if (Date.now() - goneSince >= owner.goneForMs) {
              settle();
              return reject(new Error(NO_CHANNEL_CONNECTED));
            }
          } else goneSince = undefined;
          watcher = setTimeout(() => void look(), owner.everyMs);
        };
        watcher = setTimeout(() => void look(), owner.everyMs);
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
