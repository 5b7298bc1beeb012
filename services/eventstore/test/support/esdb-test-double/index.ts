import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import { InMemoryLog, type ProposedRecord } from './log';
import { streamsServiceImplementation } from './streams-service';

/**
 * EventStoreDB TEST DOUBLE: an in-process gRPC server speaking the part of EventStoreDB's protocol
 * that `@eventstore/db-client` uses for Conversa's event store adapter (Streams.Append, Streams.Read
 * over a stream, over $all, and as a catch-up subscription to $all). Everything lives in memory and
 * dies with the process. It is for tests on machines without an EventStoreDB server; the adapter
 * is also run against a real server when EVENTSTORE_URL is set.
 *
 * ServerFeatures is deliberately not served: the client then treats the server as one of unknown
 * version and uses the plain Append RPC instead of BatchAppend.
 */
export interface EsdbTestDouble {
  /** Insecure single-node connection string for `EventStoreDBClient.connectionString`. */
  readonly connectionString: string;
  readonly port: number;
  /** Appends received and how many were refused for a wrong expected revision. */
  readonly stats: { readonly appends: number; readonly wrongExpectedVersion: number };
  /**
   * Writes a JSON event behind the adapter's back: what the server itself writes (`$`-typed system
   * events, `$$` metadata streams) or what an older writer left in history.
   */
  appendDirect(streamName: string, type: string, data?: unknown, metadata?: unknown): void;
  stop(): Promise<void>;
}

export interface EsdbTestDoubleOptions {
  /** Seed the log with the system events a freshly started EventStoreDB writes (default true). */
  seedSystemEvents?: boolean;
}

export async function startEsdbTestDouble(options: EsdbTestDoubleOptions = {}): Promise<EsdbTestDouble> {
  const log = new InMemoryLog();
  const appendDirect = (streamName: string, type: string, data: unknown = {}, metadata?: unknown) => {
    const record: ProposedRecord = {
      id: randomUUID(),
      type,
      contentType: 'application/json',
      data: Buffer.from(JSON.stringify(data), 'utf8'),
      customMetadata: metadata === undefined ? new Uint8Array() : Buffer.from(JSON.stringify(metadata), 'utf8'),
    };
    log.append(streamName, { kind: 'any' }, [record]);
  };
  if (options.seedSystemEvents ?? true) {
    appendDirect('$settings', '$settings', { $userStreamAcl: { $r: '$all' } });
    appendDirect('$$$scavenges', '$metadata', { $maxAge: 2_592_000 });
    appendDirect('$projections-$all', '$ProjectionsInitialized');
  }

  const server = new grpc.Server();
  server.addService(streamsGrpc.StreamsService, streamsServiceImplementation(log));
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, boundPort) => (error ? reject(error) : resolve(boundPort)));
  });

  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    stats: log.stats,
    appendDirect,
    async stop() {
      // Open subscriptions never end on their own; a graceful shutdown would wait for them forever.
      server.forceShutdown();
    },
  };
}
