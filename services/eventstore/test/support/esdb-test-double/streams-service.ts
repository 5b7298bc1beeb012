import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import type { AppendReq, ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { EventFilter, ExpectedStreamState, InMemoryLog, ProposedRecord, StoredRecord } from './log';

/**
 * The Streams service of the EventStoreDB test double: Append, and Read for a stream, for $all,
 * and for a catch-up subscription to $all. Field by field it follows what `@eventstore/db-client`
 * 6.x sends and reads (see its dist/streams/*.js), and nothing more.
 */

const { ReadResp: ReadRespMessage, AppendResp } = streamsPb;
const { Empty, UUID, StreamIdentifier } = sharedPb;

/** How much of the log a subscription reads per step before looking for cancellation again. */
const PAGE_SIZE = 256;

export function streamsServiceImplementation(log: InMemoryLog): grpc.UntypedServiceImplementation {
  return {
    append: (call: grpc.ServerReadableStream<AppendReq, unknown>, callback: grpc.sendUnaryData<unknown>) => handleAppend(log, call, callback),
    read: (call: grpc.ServerWritableStream<ReadReq, ReadResp>) => {
      handleRead(log, call).catch((error: unknown) => {
        call.emit('error', statusError(grpc.status.INTERNAL, error instanceof Error ? error.message : String(error)));
      });
    },
  };
}

function handleAppend(log: InMemoryLog, call: grpc.ServerReadableStream<AppendReq, unknown>, callback: grpc.sendUnaryData<unknown>): void {
  let streamName: string | undefined;
  let expected: ExpectedStreamState | undefined;
  const proposed: ProposedRecord[] = [];
  let failed = false;
  const fail = (code: grpc.status, details: string) => {
    if (failed) return;
    failed = true;
    callback({ code, details, name: 'Error', message: details, metadata: new grpc.Metadata() });
  };

  call.on('data', (request: AppendReq) => {
    if (request.hasOptions()) {
      const options = request.getOptions()!;
      streamName = Buffer.from(options.getStreamIdentifier()!.getStreamName_asU8()).toString('utf8');
      expected = readExpected(options);
      return;
    }
    const message = request.getProposedMessage();
    if (!message) return fail(grpc.status.INVALID_ARGUMENT, 'Empty append request');
    const id = message.getId()?.getString();
    const metadata = message.getMetadataMap();
    const type = metadata.get('type');
    if (!id || !isUuid(id)) return fail(grpc.status.INVALID_ARGUMENT, `Event id "${id ?? ''}" is not a uuid`);
    if (!type) return fail(grpc.status.INVALID_ARGUMENT, 'Required metadata property "type" is missing');
    proposed.push({
      id: id.toLowerCase(),
      type,
      contentType: metadata.get('content-type') ?? 'application/octet-stream',
      data: message.getData_asU8(),
      customMetadata: message.getCustomMetadata_asU8(),
    });
  });
  call.on('end', () => {
    if (failed) return;
    if (streamName === undefined || expected === undefined) return fail(grpc.status.INVALID_ARGUMENT, 'Append without options');
    const outcome = log.append(streamName, expected, proposed);
    const response = new AppendResp();
    if (outcome.kind === 'success') {
      const success = new AppendResp.Success();
      if (outcome.currentRevision === -1) success.setNoStream(new Empty());
      else success.setCurrentRevision(String(outcome.currentRevision));
      if (outcome.logPosition < 0n) success.setNoPosition(new Empty());
      else success.setPosition(new AppendResp.Position().setCommitPosition(String(outcome.logPosition)).setPreparePosition(String(outcome.logPosition)));
      response.setSuccess(success);
    } else {
      const wrong = new AppendResp.WrongExpectedVersion();
      if (outcome.currentRevision === null) wrong.setCurrentNoStream(new Empty());
      else wrong.setCurrentRevision(String(outcome.currentRevision));
      switch (expected.kind) {
        case 'any':
          wrong.setExpectedAny(new Empty());
          break;
        case 'no_stream':
          wrong.setExpectedNoStream(new Empty());
          break;
        case 'stream_exists':
          wrong.setExpectedStreamExists(new Empty());
          break;
        case 'revision':
          wrong.setExpectedRevision(String(expected.revision));
          break;
      }
      response.setWrongExpectedVersion(wrong);
    }
    callback(null, response);
  });
  call.on('error', () => {
    failed = true;
  });
}

function readExpected(options: AppendReq.Options): ExpectedStreamState {
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  if (options.hasRevision()) return { kind: 'revision', revision: Number(options.getRevision()) };
  return { kind: 'any' };
}

async function handleRead(log: InMemoryLog, call: grpc.ServerWritableStream<ReadReq, ReadResp>): Promise<void> {
  const options = call.request.getOptions();
  if (!options) return void call.emit('error', statusError(grpc.status.INVALID_ARGUMENT, 'Read without options'));
  const backwards = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
  const filter = readFilter(options);

  if (options.hasStream()) {
    if (options.hasSubscription())
      return void call.emit('error', statusError(grpc.status.UNIMPLEMENTED, 'Stream subscriptions are not part of the test double'));
    return readStream(log, call, options.getStream()!, backwards, Number(options.getCount()));
  }
  const all = options.getAll()!;
  if (options.hasSubscription()) return subscribeToAll(log, call, all, filter);

  const count = Number(options.getCount());
  const events = backwards
    ? log.backwardsBefore(all.hasPosition() ? BigInt(all.getPosition()!.getCommitPosition()) : log.endPosition, filter, count)
    : log.forwardsFrom(all.hasPosition() ? BigInt(all.getPosition()!.getCommitPosition()) : all.hasEnd() ? log.endPosition : 0n, filter, count);
  for (const record of events) await write(call, eventResponse(record));
  call.end();
}

async function readStream(
  log: InMemoryLog,
  call: grpc.ServerWritableStream<ReadReq, ReadResp>,
  streamOptions: ReadReq.Options.StreamOptions,
  backwards: boolean,
  count: number,
): Promise<void> {
  const streamName = Buffer.from(streamOptions.getStreamIdentifier()!.getStreamName_asU8()).toString('utf8');
  const stream = log.stream(streamName);
  if (!stream) {
    const notFound = new ReadRespMessage.StreamNotFound().setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(streamName, 'utf8')));
    await write(call, new ReadRespMessage().setStreamNotFound(notFound));
    call.end();
    return;
  }
  const last = stream.length - 1;
  const from = streamOptions.hasRevision() ? Number(streamOptions.getRevision()) : streamOptions.hasEnd() ? (backwards ? last : stream.length) : 0;
  const selected: StoredRecord[] = [];
  if (backwards) for (let revision = Math.min(from, last); revision >= 0 && selected.length < count; revision--) selected.push(stream[revision]!);
  else for (let revision = from; revision <= last && selected.length < count; revision++) selected.push(stream[revision]!);
  for (const record of selected) await write(call, eventResponse(record));
  call.end();
}

/** Catch-up, then the caught-up marker, then live: one loop over the log so nothing falls between. */
async function subscribeToAll(
  log: InMemoryLog,
  call: grpc.ServerWritableStream<ReadReq, ReadResp>,
  all: ReadReq.Options.AllOptions,
  filter: EventFilter,
): Promise<void> {
  let cancelled = false;
  let wait: ReturnType<InMemoryLog['nextAppend']> | undefined;
  call.on('cancelled', () => {
    cancelled = true;
    wait?.cancel();
  });
  // Exclusive start: a checkpoint names the last event handled, so it is not delivered again.
  let after = all.hasPosition() ? BigInt(all.getPosition()!.getCommitPosition()) : all.hasEnd() ? log.endPosition - 1n : -1n;
  await write(call, new ReadRespMessage().setConfirmation(new ReadRespMessage.SubscriptionConfirmation().setSubscriptionId(randomUUID())));
  let caughtUp = false;
  while (!cancelled) {
    wait = log.nextAppend();
    const page = log.forwardsFrom(after + 1n, () => true, PAGE_SIZE);
    for (const record of page) {
      if (cancelled) break;
      after = record.logPosition;
      if (filter(record)) await write(call, eventResponse(record));
    }
    // Appends made while this page was written are in the log already: read again before waiting.
    if (page.length > 0) {
      wait.cancel();
      continue;
    }
    if (!caughtUp) {
      caughtUp = true;
      await write(call, new ReadRespMessage().setCaughtUp(new ReadRespMessage.CaughtUp()));
    }
    await wait.promise;
  }
}

function readFilter(options: ReadReq.Options): EventFilter {
  if (!options.hasFilter()) return () => true;
  const filterOptions = options.getFilter()!;
  const onStreamName = filterOptions.hasStreamIdentifier();
  const expression = onStreamName ? filterOptions.getStreamIdentifier()! : filterOptions.getEventType()!;
  const regex = expression.getRegex();
  const prefixes = expression.getPrefixList();
  const matches = regex ? (value: string) => new RegExp(regex).test(value) : (value: string) => prefixes.some((prefix) => value.startsWith(prefix));
  return (record) => matches(onStreamName ? record.streamName : record.type);
}

function eventResponse(record: StoredRecord): ReadResp {
  const recorded = new ReadRespMessage.ReadEvent.RecordedEvent()
    .setId(new UUID().setString(record.id))
    .setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(record.streamName, 'utf8')))
    .setStreamRevision(String(record.revision))
    .setCommitPosition(String(record.logPosition))
    .setPreparePosition(String(record.logPosition))
    .setData(record.data)
    .setCustomMetadata(record.customMetadata);
  const metadata = recorded.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', String(record.createdTicks));
  const readEvent = new ReadRespMessage.ReadEvent().setEvent(recorded).setCommitPosition(String(record.logPosition));
  return new ReadRespMessage().setEvent(readEvent);
}

/** Honours HTTP/2 flow control: a slow subscriber pauses the writer instead of growing a buffer. */
function write(call: grpc.ServerWritableStream<ReadReq, ReadResp>, response: ReadResp): Promise<void> {
  if (call.write(response)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
  });
}

function statusError(code: grpc.status, details: string): Partial<grpc.StatusObject> {
  return { code, details, metadata: new grpc.Metadata() };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
