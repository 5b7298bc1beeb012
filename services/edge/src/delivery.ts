import type { FastifyBaseLogger } from 'fastify';
import type { Writable } from 'node:stream';
import { isChatEntity } from '@conversa/contracts/chats/access';
import type { CompanyFrame, EdgeFrame } from '@conversa/contracts/session/socket';
import type { Client } from './client';
import type { EdgeOptions, RelayFilter } from './edge';
import { chatFilter } from './filters';
import type { FrameSequencer, SequencedFrame } from './sequencer';

// The frame is one shared Buffer; sending it as text keeps browsers reading it as a string.
const textFrame = { binary: false } as const;
const refetchFrame = (seq: number | undefined) =>
  Buffer.from(JSON.stringify((seq === undefined ? { event: 'refetch' } : { event: 'refetch', seq }) satisfies EdgeFrame));
/** What a company frame is made of before it is serialised for a socket. */
export interface FrameParts {
  entity: string;
  data: unknown;
  correlationId?: string;
}

const companyFrame = (companyId: number, { entity, correlationId }: FrameParts, data: unknown, seq: number | undefined): Buffer =>
  Buffer.from(
    JSON.stringify({
      event: `company-${companyId}-${entity}`,
      data,
      ...(seq === undefined ? {} : { seq }),
      ...(correlationId === undefined ? {} : { correlationId }),
    } satisfies CompanyFrame),
  );

export interface DeliveryCounters {
  framesSent: number;
  terminatedSlowConsumer: number;
  resumed: number;
  refetchesAsked: number;
}

interface DeliveryDeps {
  byCompany: Map<number, Set<Client>>;
  filters: Map<string, RelayFilter>;
  redact: EdgeOptions['redact'];
  log: FastifyBaseLogger;
  counters: DeliveryCounters;
  maxBufferedBytes: number;
  terminate(client: Client): void;
  sequencer: FrameSequencer | undefined;
}

/**
 * How frames reach the sockets: a bus frame serialised once per rewriting and written to every socket that
 * may see it, a projector frame once per socket in sequence order, and a returning socket's replay.
 */
export function createDelivery(deps: DeliveryDeps) {
  const { byCompany, filters, log, counters, maxBufferedBytes, terminate, sequencer } = deps;

  /** Sockets holding their writes until the end of this turn of the event loop (see send). */
  const corked = new Set<Writable>();
  const uncorkAll = () => {
    for (const stream of corked) stream.uncork();
    corked.clear();
  };

  const send = (client: Client, frame: Buffer) => {
    const socket = client.socket;
    if (socket.readyState !== socket.OPEN) return;
    // A projector's batch publishes its frames in one go: corked, a socket takes them in one system
    // call instead of one each. ws offers no cork of its own; its TCP socket does.
    const stream = (socket as unknown as { _socket?: Writable })._socket;
    if (stream && !corked.has(stream)) {
      if (corked.size === 0) setImmediate(uncorkAll);
      stream.cork();
      corked.add(stream);
    }
    socket.send(frame, textFrame);
    counters.framesSent++;
    // bufferedAmount is what the kernel has not taken yet: a client that stops reading makes it
    // grow with every frame, and holding it would let one slow browser grow the process's memory.
    if (socket.bufferedAmount > maxBufferedBytes) {
      counters.terminatedSlowConsumer++;
      log.warn({ userId: client.principal.userId, bufferedAmount: socket.bufferedAmount }, 'slow websocket consumer cut off');
      terminate(client);
    }
  };

  // Chat entities name a chat or a user (`chat-7`, `chat-user-3`): one rule for the whole family.
  const filterOf = (entity: string): RelayFilter | undefined => filters.get(entity) ?? (isChatEntity(entity) ? (chatFilter as RelayFilter) : undefined);

  const broadcast = (companyId: number, parts: FrameParts, seq: number | undefined) => {
    const clients = byCompany.get(companyId);
    if (!clients) return;
    const { entity, data } = parts;
    const filter = filterOf(entity);
    // One serialisation per rewriting (none, masked …), shared by the sockets that get it.
    const frames = new Map<((data: unknown) => unknown) | undefined, Buffer>();
    for (const client of clients) {
      if (seq !== undefined && !client.passes(seq, parts)) continue;
      if (filter && !passes(filter, client, data, entity)) continue;
      const redaction = redactionFor(client, companyId);
      if (redaction === null) continue;
      let frame = frames.get(redaction);
      if (!frame) {
        frame = companyFrame(companyId, parts, redaction ? redaction(data) : data, seq);
        frames.set(redaction, frame);
      }
      send(client, frame);
    }
  };

  /** One frame to one socket (a resume's replay): the same filters and rewriting as a broadcast. */
  const sendOne = (client: Client, companyId: number, frame: SequencedFrame) => {
    if (!client.passes(frame.seq, frame)) return;
    const filter = filterOf(frame.entity);
    if (filter && !passes(filter, client, frame.data, frame.entity)) return;
    const redaction = redactionFor(client, companyId);
    if (redaction === null) return;
    send(client, companyFrame(companyId, frame, redaction ? redaction(frame.data) : frame.data, frame.seq));
  };

  /**
   * A socket that came back after `after`: what it missed is sent first, live frames held meanwhile; or,
   * when the window no longer has it all, `refetch`.
   */
  const resume = (client: Client, after: number) => {
    const companyId = client.principal.companyId;
    client.hold(after);
    const missed = sequencer ? sequencer.missed(companyId, after) : Promise.resolve(null);
    void missed
      .catch((error: unknown) => {
        log.error({ err: error, companyId }, 'socket frames: could not resume a socket');
        return null;
      })
      .then((frames) => {
        log.debug({ companyId, after, frames: frames?.length ?? null }, 'socket resumed');
        if (frames) counters.resumed++;
        else {
          counters.refetchesAsked++;
          // The lists read now hold everything up to the company's position here: live frames go on after it.
          const position = sequencer?.position(companyId);
          if (position !== undefined && position > (client.after ?? 0)) client.after = position;
          send(client, refetchFrame(position));
        }
        for (const frame of [...(frames ?? []), ...client.release()]) sendOne(client, companyId, frame);
      });
  };

  // null: undecided, so the frame is withheld rather than sent in full.
  const redactionFor = (client: Client, companyId: number): ((data: unknown) => unknown) | undefined | null => {
    try {
      return deps.redact?.(client, companyId);
    } catch (error) {
      log.error({ err: error }, 'socket frame redaction threw');
      return null;
    }
  };

  const passes = (filter: RelayFilter, client: Client, data: unknown, entity: string): boolean => {
    try {
      return filter(client, data) === true;
    } catch (error) {
      // A filter that cannot decide denies: a frame nobody sees is safer than a leak.
      log.error({ err: error, entity }, 'socket frame filter threw');
      return false;
    }
  };
  return { send, broadcast, resume };
}
