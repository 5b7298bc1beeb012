import { connect, Events, headers, type MsgHdrs } from 'nats';
import { defaultOnError, runHandler } from './dispatch';
import type { BusMessage, BusOptions, BusStatus, BusSubscription, MonitoredBus } from './port';
import { assertPattern, assertSubject, encodePayload } from './subjects';

export interface NatsBusOptions extends BusOptions {
  /** One URL or a comma-separated list (a cluster), e.g. `nats://127.0.0.1:4222`. */
  servers: string;
  /** Shown by the server's monitoring endpoints; use the process role, e.g. `projector`. */
  name?: string;
  /** Publishes kept while the connection is down; beyond it the oldest are dropped. */
  maxBufferedMessages?: number;
  /** Pause between reconnect attempts (the client adds up to 100 ms jitter). */
  reconnectTimeWaitMs?: number;
}

const encoder = new TextEncoder();
/** A frame's sequence rides as a header: the payload stays the frame body every subscriber reads. */
const SEQ_HEADER = 'Conversa-Seq';
/** The header carrying a message's correlation id (BusMessage.correlationId). */
const CORRELATION_HEADER = 'Conversa-Correlation-Id';
const decoder = new TextDecoder();

/**
 * The distributed-mode bus over core NATS.
 *
 * Resolves once connected: `waitOnFirstConnect` keeps retrying the first connection too, so a
 * process may start before the broker. From then on the client reconnects forever and re-sends
 * its SUBs on every new connection, so a subscription survives a broker restart untouched.
 *
 * Publishing while disconnected: nats.js 2.x does not really buffer. `publish` appends to an
 * outbound buffer, but every reconnect attempt (`ProtocolHandler.prepare` → `resetOutbound`)
 * empties it, so anything published during an outage longer than one attempt would be lost.
 * This adapter therefore holds publishes itself while the status is not `connected` (bounded by
 * `maxBufferedMessages`, oldest dropped first) and sends them, in order, once the connection is
 * back and the server has confirmed our re-sent subscriptions. What the client had already
 * written to a socket that then died is still lost: delivery stays at-most-once, as the port says.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<MonitoredBus> {
  const onError = options.onError ?? defaultOnError;
  const maxBuffered = options.maxBufferedMessages ?? 10_000;
  const nc = await connect({
    servers: options.servers.split(',').map((server) => server.trim()),
    name: options.name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectTimeWaitMs ?? 250,
    waitOnFirstConnect: true,
  });

  let status = 'connected' as BusStatus;
  let closing = false;
  const statusListeners = new Set<(status: BusStatus) => void>();
  const pending: Array<{ subject: string; payload: Uint8Array; headers: MsgHdrs | undefined }> = [];

  const setStatus = (next: BusStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const flushPending = () => {
    for (const message of pending.splice(0)) {
      try {
        nc.publish(message.subject, message.payload, message.headers ? { headers: message.headers } : undefined);
      } catch (error) {
        // e.g. a payload over the new server's max_payload: lose that one, not the rest.
        onError(error, { subject: message.subject });
      }
    }
  };

  void (async () => {
    // Status events are handled one at a time, so a disconnect during the flush below is seen
    // only after it, and leaves the status at `reconnecting`.
    for await (const event of nc.status()) {
      if (event.type === Events.Disconnect) {
        setStatus('reconnecting');
      } else if (event.type === Events.Reconnect) {
        try {
          // A PING round trip after the client re-sent its SUBs: once it returns, the server
          // has them, so `connected` also means "subscriptions are live again".
          await nc.flush();
        } catch {
          continue;
        }
        if (status === 'reconnecting') {
          flushPending();
          setStatus('connected');
        }
      }
    }
  })();

  void nc.closed().then((error) => {
    pending.length = 0;
    setStatus('closed');
    statusListeners.clear();
    // A fatal connection error (e.g. authorisation) concerns no one message, hence no subject.
    if (error && !closing) onError(error, { subject: '' });
  });

  return {
    async publish(subject, data, options) {
      if (status === 'closed' || closing) throw new Error('bus is closed');
      assertSubject(subject);
      const payload = encoder.encode(encodePayload(data));
      let hdrs: MsgHdrs | undefined;
      if (options?.correlationId !== undefined || options?.seq !== undefined) {
        hdrs = headers();
        if (options.correlationId !== undefined) hdrs.set(CORRELATION_HEADER, options.correlationId);
        if (options.seq !== undefined) hdrs.set(SEQ_HEADER, String(options.seq));
      }
      if (status === 'connected') {
        nc.publish(subject, payload, hdrs ? { headers: hdrs } : undefined);
        return;
      }
      if (pending.length >= maxBuffered) pending.shift();
      pending.push({ subject, payload, headers: hdrs });
    },

    async subscribe(pattern, handler): Promise<BusSubscription> {
      if (status === 'closed' || closing) throw new Error('bus is closed');
      assertPattern(pattern);
      let active = true;
      const subscription = nc.subscribe(pattern, {
        // The callback form runs handlers in arrival order with no iterator to keep alive.
        callback: (error, msg) => {
          if (!active) return;
          if (error) {
            onError(error, { subject: pattern });
            return;
          }
          let message: BusMessage;
          try {
            const correlationId = msg.headers?.get(CORRELATION_HEADER);
            const seq = msg.headers?.get(SEQ_HEADER);
            message = {
              subject: msg.subject,
              data: JSON.parse(decoder.decode(msg.data)),
              ...(seq ? { seq: Number(seq) } : {}),
              ...(correlationId ? { correlationId } : {}),
            };
          } catch (decodeError) {
            onError(decodeError, { subject: msg.subject });
            return;
          }
          runHandler(handler, message, onError);
        },
      });
      // Wait for the server to register the interest, so a publish from any process that
      // starts after subscribe() resolves reaches it. While disconnected the PING is discarded
      // and the SUB goes out with the others on reconnect.
      if (status === 'connected') await nc.flush().catch(() => undefined);
      return {
        async unsubscribe() {
          if (!active) return;
          active = false;
          if (!nc.isClosed()) subscription.unsubscribe();
        },
      };
    },

    async close() {
      if (closing || nc.isClosed()) return;
      closing = true;
      if (status === 'connected') {
        // Drain: unsubscribe, let in-flight messages reach their handlers, flush our publishes.
        await nc.drain();
      } else {
        // Draining needs the server; with none there is nothing left to deliver or flush.
        await nc.close();
      }
      await nc.closed();
    },

    status: () => status,

    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}
