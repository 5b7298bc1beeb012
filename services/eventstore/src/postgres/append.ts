import { EventMetadataInput, EventSchemaError, type EventRegistry, type EventToAppend } from '@conversa/contracts';
import { chainHash } from '@conversa/contracts/events/hash-chain';
import type pg from 'pg';
import {
  DuplicateEventIdError,
  StaleReadError,
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type ExpectedRevision,
  type StreamAppend,
} from '../port';
import { AppendBatcher, type AppendOutcome, type AppendRequest } from './batcher';
import { EXPECTED, type AppendOutcomeKind } from './migration';
import type { AppendNotifier } from './notifier';
import { START, appendBatchStatement, rowPosition, streamHeadStatement, streamHeadsLockStatement } from './queries';
import { PostgresStoreBase, isStatementError, type StreamHead } from './store-base';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Optimistic attempts before an append takes the stream lock first (only `any`/`stream_exists` under heavy contention get there). */
const OPTIMISTIC_ATTEMPTS = 3;
const LOCKED_ATTEMPTS = 10;

/** An event checked and serialised once, ready to be chained at whatever revision it lands. */
interface PreparedEvent {
  id: string;
  type: string;
  dataJson: string;
  data: unknown;
  metadata: EventMetadataInput;
}

/**
 * The append path: events checked and hash-chained on the stream head we know, submitted through the
 * batcher (optimistically, then under the stream lock when writers keep racing), and the outcome the
 * database answers turned into a result or an error.
 */
export abstract class PostgresAppends extends PostgresStoreBase {
  protected readonly batcher: AppendBatcher;

  constructor(pool: pg.Pool, registry: EventRegistry, schema: string, notifier: AppendNotifier, pollIntervalMs: number, poolSize: number, spacingMs = 0) {
    super(pool, registry, schema, notifier, pollIntervalMs);
    this.batcher = new AppendBatcher((requests) => this.executeBatch(requests), isStatementError, appendGroupsInFlight(poolSize), spacingMs);
  }

  async appendToStream(streamId: string, events: readonly EventToAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    this.assertOpen();
    const expected = options.expectedRevision ?? 'any';
    const expectedCode = encodeExpected(expected);
    if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('A stream id must be a non-empty string');
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const prepared = events.map((event) => this.prepare(event));
    const seen = new Set<string>();
    for (const event of prepared) {
      if (seen.has(event.id)) throw new DuplicateEventIdError(event.id, streamId);
      seen.add(event.id);
    }

    const readRevisions = options.readRevisions?.length ? readRevisionsJson(options.readRevisions) : undefined;
    let head = this.chainHeads.get(streamId) ?? { revision: -1, hash: null };
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS + LOCKED_ATTEMPTS; attempt++) {
      const { request, outcome } =
        attempt < OPTIMISTIC_ATTEMPTS
          ? await this.submitChained(streamId, expectedCode, head, prepared, readRevisions)
          : await this.appendLocked(streamId, expectedCode, prepared, readRevisions);
      switch (outcome.outcome satisfies AppendOutcomeKind) {
        case 'ok': {
          this.rememberHead(streamId, { revision: outcome.nextRevision!, hash: request.lastHash });
          const result = appendResult(outcome);
          this.notifier.wakeAll(result.position);
          return result;
        }
        case 'idempotent':
          return appendResult(outcome);
        case 'stale': {
          const actual = JSON.parse(outcome.detail ?? '{}') as { revision: number; hash: string | null };
          head = { revision: Number(actual.revision), hash: actual.hash };
          this.rememberHead(streamId, head);
          continue;
        }
        case 'wrong_expected':
          throw new WrongExpectedVersionError(streamId, expected, Number(outcome.detail));
        case 'duplicate':
          throw new DuplicateEventIdError(outcome.detail || prepared[0]!.id, streamId);
        case 'stale_read': {
          const moved = JSON.parse(outcome.detail ?? '{}') as { stream: string; revision: number };
          const read = options.readRevisions!.find((entry) => entry.streamId === moved.stream);
          throw new StaleReadError(moved.stream, read?.revision ?? -1, Number(moved.revision));
        }
      }
    }
    throw new Error(`Append to ${streamId} kept racing with other writers; gave up after ${OPTIMISTIC_ATTEMPTS + LOCKED_ATTEMPTS} attempts`);
  }

  /**
   * All parts in one transaction under the heads' row locks: chained on the locked heads, written by
   * one append_batch call, committed only when every part is written (or was already, idempotently).
   * A stream that a racing writer created between our lock and our insert answers 'stale': start over.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    this.assertOpen();
    if (appends.length === 0) return [];
    const seenStreams = new Set<string>();
    const seenIds = new Set<string>();
    const parts = appends.map((part) => {
      if (typeof part.streamId !== 'string' || part.streamId.length === 0) throw new TypeError('A stream id must be a non-empty string');
      if (seenStreams.has(part.streamId)) throw new TypeError(`Stream ${part.streamId} is named twice in one append`);
      seenStreams.add(part.streamId);
      const expected = part.expectedRevision ?? 'any';
      const events = part.events.map((event) => this.prepare(event));
      for (const event of events) {
        if (seenIds.has(event.id)) throw new DuplicateEventIdError(event.id, part.streamId);
        seenIds.add(event.id);
      }
      return { streamId: part.streamId, expected, expectedCode: encodeExpected(expected), events };
    });
    const written = parts.filter((part) => part.events.length > 0);
    for (let attempt = 0; attempt < LOCKED_ATTEMPTS; attempt++) {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        await client.query(`select ${this.schema}.take_append_lock()`);
        const { rows } = await this.query<{ stream_id: string; revision: string; last_hash: string | null }>(
          streamHeadsLockStatement(
            this.schema,
            parts.map((part) => part.streamId),
          ),
          client,
        );
        const heads = new Map<string, StreamHead>(rows.map((row) => [row.stream_id, { revision: Number(row.revision), hash: row.last_hash }]));
        const headOf = (streamId: string) => heads.get(streamId) ?? { revision: -1, hash: null };
        // Parts without events only check their expectation, as appendToStream does.
        for (const part of parts) {
          if (part.events.length === 0 && !expectationHolds(part.expected, headOf(part.streamId).revision))
            throw new WrongExpectedVersionError(part.streamId, part.expected, headOf(part.streamId).revision);
        }
        const requests = written.map((part) => this.chain(part.streamId, part.expectedCode, headOf(part.streamId), part.events, undefined));
        const outcomes = requests.length > 0 ? await this.executeBatch(requests, client) : [];
        const refused = outcomes.findIndex((outcome) => outcome.outcome !== 'ok' && outcome.outcome !== 'idempotent');
        if (refused !== -1) {
          await client.query('rollback');
          const outcome = outcomes[refused]!;
          const part = written[refused]!;
          if (outcome.outcome === 'stale') continue;
          if (outcome.outcome === 'wrong_expected') throw new WrongExpectedVersionError(part.streamId, part.expected, Number(outcome.detail));
          throw new DuplicateEventIdError(outcome.detail || part.events[0]!.id, part.streamId);
        }
        await client.query('commit');
        const results = new Map<string, AppendResult>();
        written.forEach((part, index) => {
          const outcome = outcomes[index]!;
          if (outcome.outcome === 'ok') this.rememberHead(part.streamId, { revision: outcome.nextRevision!, hash: requests[index]!.lastHash });
          results.set(part.streamId, appendResult(outcome));
        });
        const last = [...results.values()].reduce<AppendResult | undefined>(
          (newest, result) => (!newest || result.position.prepare > newest.position.prepare ? result : newest),
          undefined,
        );
        if (last && outcomes.some((outcome) => outcome.outcome === 'ok')) this.notifier.wakeAll(last.position);
        const position = last?.position ?? START;
        return parts.map((part) => results.get(part.streamId) ?? { nextExpectedRevision: headOf(part.streamId).revision, position });
      } catch (error) {
        if (!isStatementError(error) && !(error instanceof WrongExpectedVersionError) && !(error instanceof DuplicateEventIdError)) broken = error as Error;
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release(broken);
      }
    }
    throw new Error(`Append to ${parts.length} streams kept racing with stream creators; gave up after ${LOCKED_ATTEMPTS} attempts`);
  }

  private prepare(event: EventToAppend): PreparedEvent {
    if (typeof event.id !== 'string' || !UUID.test(event.id)) throw new EventSchemaError(event.type, `id: "${String(event.id)}" is not a UUID`);
    // Data the registry parsed for this append (the command handler's) is not parsed again.
    const data = this.registry.validatedAs(event.type, event.data) ? event.data : this.registry.validateForAppend(event.type, event.data);
    const metadata = EventMetadataInput.safeParse(event.metadata);
    if (!metadata.success) {
      throw new EventSchemaError(event.type, `metadata: ${metadata.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    }
    const version = this.registry.versionOf(event.type);
    if (metadata.data.schemaVersion !== version) {
      // Reads would run upcasters over data that is already current.
      throw new EventSchemaError(event.type, `metadata.schemaVersion ${metadata.data.schemaVersion} is not the current version ${version}`);
    }
    // Hash what jsonb will give back, not the writer's object (which may hold Dates, undefined…).
    const dataJson = JSON.stringify(data) ?? 'null';
    return { id: event.id.toLowerCase(), type: event.type, dataJson, data: JSON.parse(dataJson), metadata: JSON.parse(JSON.stringify(metadata.data)) };
  }

  /** Chains the events' hashes on top of `head` and serialises them for append_batch. */
  private chain(streamId: string, expectedCode: number, head: StreamHead, events: readonly PreparedEvent[], readRevisions: string | undefined): AppendRequest {
    let prevHash = head.hash;
    const parts: string[] = [];
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const hash = chainHash(
        { id: event.id, streamId, revision: head.revision + 1 + index, type: event.type, data: event.data, metadata: event.metadata },
        prevHash,
      );
      const metadataJson = JSON.stringify({ ...event.metadata, prevHash, hash });
      parts.push(`{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"data":${event.dataJson},"metadata":${metadataJson}}`);
      prevHash = hash;
    }
    return {
      streamId,
      expected: expectedCode,
      baseRevision: head.revision,
      baseHash: head.hash,
      lastHash: prevHash!,
      eventsJson: `[${parts.join(',')}]`,
      readRevisionsJson: readRevisions,
    };
  }

  private async submitChained(
    streamId: string,
    expectedCode: number,
    head: StreamHead,
    events: readonly PreparedEvent[],
    readRevisions: string | undefined,
  ): Promise<{ request: AppendRequest; outcome: AppendOutcome }> {
    const request = this.chain(streamId, expectedCode, head, events, readRevisions);
    return { request, outcome: await this.batcher.submit(request) };
  }

  private async executeBatch(requests: readonly AppendRequest[], client?: pg.PoolClient): Promise<AppendOutcome[]> {
    const batch = requests
      .map(
        (request) =>
          `{"s":${JSON.stringify(request.streamId)},"x":${request.expected},"r":${request.baseRevision},"h":${JSON.stringify(request.baseHash)},"l":${JSON.stringify(request.lastHash)},"e":${request.eventsJson}${request.readRevisionsJson ? `,"c":${request.readRevisionsJson}` : ''}}`,
      )
      .join(',');
    const { rows } = await this.query<{
      idx: number;
      outcome: AppendOutcomeKind;
      next_revision: string | null;
      commit_id: string | null;
      last_position: string | null;
      detail: string | null;
    }>(appendBatchStatement(this.schema, `[${batch}]`), client);
    const outcomes: AppendOutcome[] = new Array(requests.length);
    for (const row of rows) {
      outcomes[row.idx] = {
        outcome: row.outcome,
        nextRevision: row.next_revision === null ? null : Number(row.next_revision),
        commit: row.commit_id === null ? null : BigInt(row.commit_id),
        lastPosition: row.last_position === null ? null : BigInt(row.last_position),
        detail: row.detail,
      };
    }
    return outcomes;
  }

  /** Takes the stream row lock before chaining, so the base cannot move under a writer that keeps losing races. */
  private async appendLocked(
    streamId: string,
    expectedCode: number,
    events: readonly PreparedEvent[],
    readRevisions: string | undefined,
  ): Promise<{ request: AppendRequest; outcome: AppendOutcome }> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      // Before the row lock gives this transaction an id: readers must see it as an appender.
      await client.query(`select ${this.schema}.take_append_lock()`);
      const { rows } = await this.query<{ revision: string; last_hash: string | null }>(streamHeadStatement(this.schema, streamId, true), client);
      const head: StreamHead = rows[0] ? { revision: Number(rows[0].revision), hash: rows[0].last_hash } : { revision: -1, hash: null };
      const request = this.chain(streamId, expectedCode, head, events, readRevisions);
      const [outcome] = await this.executeBatch([request], client);
      await client.query('commit');
      return { request, outcome: outcome! };
    } catch (error) {
      if (!isStatementError(error)) broken = error as Error;
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const { rows } = await this.query<{ revision: string; transaction_id: string | null; global_position: string | null }>(
      streamHeadStatement(this.schema, streamId, false),
    );
    const row = rows[0];
    const actual = row ? Number(row.revision) : -1;
    if (!expectationHolds(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);
    const position =
      row?.transaction_id && row.global_position ? rowPosition({ transaction_id: row.transaction_id, global_position: row.global_position }) : START;
    return { nextExpectedRevision: actual, position };
  }
}

/**
 * Groups in flight at once. Few, so that concurrent writers queue up into shared groups;
 * the rest of the pool stays free for reads and subscriptions.
 */
const appendGroupsInFlight = (poolSize: number): number => Math.max(1, Math.min(2, poolSize - 1));

const readRevisionsJson = (readRevisions: AppendOptions['readRevisions'] & object): string => {
  for (const { streamId, revision } of readRevisions) {
    if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('A read revision names a non-empty stream id');
    if (!Number.isSafeInteger(revision) || revision < -1) throw new RangeError(`Invalid read revision ${String(revision)} of ${streamId}`);
  }
  return JSON.stringify(readRevisions.map(({ streamId, revision }) => ({ s: streamId, r: revision })));
};

const appendResult = (outcome: AppendOutcome): AppendResult => ({
  nextExpectedRevision: outcome.nextRevision!,
  position: { commit: outcome.commit!, prepare: outcome.lastPosition! },
});

function encodeExpected(expected: ExpectedRevision): number {
  if (expected === 'any') return EXPECTED.any;
  if (expected === 'no_stream') return EXPECTED.noStream;
  if (expected === 'stream_exists') return EXPECTED.streamExists;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`Invalid expected revision ${String(expected)}`);
  return expected;
}

function expectationHolds(expected: ExpectedRevision, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  if (expected === 'stream_exists') return actual >= 0;
  return expected === actual;
}
