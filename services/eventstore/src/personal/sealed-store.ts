import { EventSchemaError, type EventMetadataInput, type EventRegistry, type EventToAppend, type RecordedEvent } from '@conversa/contracts';
import type { EventStore, StreamAppend } from '../port';
import { erasedValue, fieldAad, getPath, keyIdOf, openValue, sealValue, setPath } from './cipher';
import type { KeyVault } from './vault';

export interface SealedStoreOptions {
  registry: EventRegistry;
  /** Wrap it in cachedVault: every append and read asks it for keys. */
  vault: KeyVault;
}

/** The UTC day an event occurred: the period its contents are sealed under. */
export const periodOf = (occurredAt: string): string => new Date(occurredAt).toISOString().slice(0, 10);

/**
 * The event store with contacts' personal fields sealed (docs/lgpd.md): on append each field the
 * event type declares personal is sealed with its contact's data key, and the paths sealed are listed
 * in the metadata (`sealed`); on read they are opened again, or read as erased when the key was
 * destroyed. The inner store hashes and keeps the sealed form, so the hash chain covers it and an
 * erasure never breaks it. Raw reads (`conversa verify`) answer the stored form.
 */
export function sealedEventStore(inner: EventStore, options: SealedStoreOptions): EventStore {
  const codec = createPersonalCodec(options);
  const sealed: EventStore = {
    checksReads: inner.checksReads,
    async appendToStream(streamId, events, appendOptions) {
      return inner.appendToStream(streamId, await codec.seal(streamId, events, inner), appendOptions);
    },
    async readStream(streamId, readOptions) {
      const events = await inner.readStream(streamId, readOptions);
      return readOptions?.raw ? events : codec.open(events);
    },
    async readAll(readOptions) {
      return codec.open(await inner.readAll(readOptions));
    },
    subscribeToAll(subscribeOptions) {
      return inner.subscribeToAll({ ...subscribeOptions, onEvents: async (events) => subscribeOptions.onEvents(await codec.open(events)) });
    },
    headPosition: () => inner.headPosition(),
    countAfter: (position, countOptions) => inner.countAfter(position, countOptions),
    close: () => inner.close(),
  };
  if (inner.appendToStreams) {
    const appendAll = inner.appendToStreams.bind(inner);
    sealed.appendToStreams = async (appends: readonly StreamAppend[]) =>
      appendAll(await Promise.all(appends.map(async (part) => ({ ...part, events: await codec.seal(part.streamId, part.events, inner) }))));
  }
  if (inner.readStreams) {
    const readAll = inner.readStreams.bind(inner);
    sealed.readStreams = async (streamIds) => {
      const streams = await readAll(streamIds);
      const opened = await codec.open([...streams.values()].flat());
      const byId = new Map(opened.map((event) => [event.id, event]));
      return new Map([...streams].map(([streamId, events]) => [streamId, events.map((event) => byId.get(event.id)!)]));
    };
  }
  return sealed;
}

/** An event as stored, enough to seal it: its id, type, data and metadata. */
type Sealable = Pick<EventToAppend, 'id' | 'type' | 'data' | 'metadata'>;

export interface PersonalCodec {
  /**
   * The events as they are to be stored: personal fields sealed, `metadata.sealed` naming them (an
   * empty list when the type has personal fields but this event carries none).
   */
  seal(streamId: string, events: readonly EventToAppend[], store: EventStore): Promise<EventToAppend[]>;
  /**
   * An event already stored in clear, sealed as an append would have (`conversa lgpd migrate`): not
   * validated again (it may be of an older schema version). `first` is its stream's first event.
   */
  sealStored(event: Sealable, first: Sealable): Promise<Sealable>;
  /** The events as readers see them: sealed fields opened (or erased), then upcast and parsed. */
  open(events: RecordedEvent[]): Promise<RecordedEvent[]>;
}

/** How long an event opened for one subscriber is handed to the others as it is (the key cache's age limit). */
const OPENED_TTL_MS = 30_000;

export function createPersonalCodec({ registry, vault }: SealedStoreOptions): PersonalCodec {
  /**
   * Events opened, by the stored event object: the live tail hands the same objects to every
   * subscriber, so each event is opened and parsed once, not once per projector and reactor.
   */
  let opened = new WeakMap<RecordedEvent, { event: RecordedEvent; at: number }>();
  let openedEpoch = vault.epoch?.() ?? 0;

  /** The contact of a stream's first event (for event types that do not carry one). */
  function streamContact(first: Sealable | undefined): unknown {
    const path = first && registry.personalOf(first.type)?.contact;
    return path && path !== 'stream' ? getPath(first.data, path) : undefined;
  }

  async function sealOne<E extends Sealable>(event: E, first: () => Promise<Sealable | undefined>, trusted: boolean): Promise<E> {
    const personal = registry.personalOf(event.type);
    const { sealed: _writerSaid, ...metadata } = (event.metadata ?? {}) as EventMetadataInput;
    if (!personal) return _writerSaid === undefined ? event : { ...event, metadata };
    let data = trusted || registry.validatedAs(event.type, event.data) ? event.data : registry.validateForAppend(event.type, event.data);
    const contactId = personal.contact === 'stream' ? streamContact(await first()) : getPath(data, personal.contact);
    if (typeof contactId !== 'number' || !Number.isInteger(contactId) || contactId <= 0) {
      throw new EventSchemaError(event.type, `no contact to seal its personal fields under (${personal.contact})`);
    }
    const companyId = metadata.companyId;
    const paths: string[] = [];
    for (const [period, fields] of [
      ['', personal.identity ?? []],
      [periodOf(metadata.occurredAt), personal.content ?? []],
    ] as const) {
      const present = fields.filter((path) => getPath(data, path) != null);
      if (present.length === 0) continue;
      const key = await vault.create({ companyId, contactId, period });
      for (const path of present) {
        data = setPath(data, path, sealValue(key.key, key.id, getPath(data, path), fieldAad(event.id, path)));
        paths.push(path);
      }
    }
    if (!trusted) registry.acceptSealed(event.type, data as object);
    return { ...event, data, metadata: { ...metadata, sealed: paths } };
  }

  return {
    async seal(streamId, events, store) {
      const out: EventToAppend[] = [];
      // The stream's first event: the stored one, else the batch's (read only for types that ask).
      const first = async () => (await store.readStream(streamId, { maxCount: 1, raw: true }))[0] ?? events[0];
      for (const event of events) out.push(await sealOne(event, first, false));
      return out;
    },
    sealStored: (event, first) => sealOne(event, async () => first, true),
    async open(stored) {
      if (!stored.some((event) => event.metadata.sealed)) return stored;
      const epoch = vault.epoch?.() ?? 0;
      if (epoch !== openedEpoch) {
        opened = new WeakMap();
        openedEpoch = epoch;
      }
      const now = Date.now();
      const known = (event: RecordedEvent) => {
        const entry = opened.get(event);
        return entry && now - entry.at < OPENED_TTL_MS ? entry.event : undefined;
      };
      const events = stored.filter((event) => event.metadata.sealed && !known(event));
      const ids = new Set<number>();
      for (const event of events) {
        for (const path of event.metadata.sealed ?? []) {
          const id = keyIdOf(getPath(event.data, path));
          if (id !== null) ids.add(id);
        }
      }
      const keys = ids.size > 0 ? await vault.open([...ids]) : new Map<number, Buffer | null>();
      const fresh = new Map(events.map((event) => [event, openEvent(event, keys)]));
      // Kept for the other subscribers unless a key was destroyed meanwhile.
      if ((vault.epoch?.() ?? 0) === epoch) for (const [event, open] of fresh) opened.set(event, { event: open, at: now });
      return stored.map((event) => fresh.get(event) ?? known(event) ?? event);
    },
  };

  /**
   * The event with its fields opened on first look at `data`, with the keys fetched already: a reader
   * that wants only positions (read-your-writes probes) or skips the event pays no decryption.
   */
  function openEvent(event: RecordedEvent, keys: Map<number, Buffer | null>): RecordedEvent {
    let data: unknown;
    let opened = false;
    const open = (): unknown => {
      let current = event.data;
      for (const path of event.metadata.sealed!) {
        const value = getPath(current, path);
        const id = keyIdOf(value);
        if (id === null) continue;
        current = setPath(current, path, openField(keys.get(id) ?? null, value as string, fieldAad(event.id, path)));
      }
      return registry.readStored(event.type, current, event.metadata.schemaVersion);
    };
    const { data: _stored, ...rest } = event;
    return Object.defineProperty(rest, 'data', {
      enumerable: true,
      configurable: true,
      get() {
        if (!opened) {
          data = open();
          opened = true;
        }
        return data;
      },
      set(value: unknown) {
        data = value;
        opened = true;
      },
    }) as RecordedEvent;
  }
}

/** A field whose key is gone, or whose ciphertext does not open (altered: the hash chain says so), reads as erased. */
function openField(key: Buffer | null, sealed: string, aad: string): unknown {
  if (!key) return erasedValue(sealed);
  try {
    return openValue(key, sealed, aad);
  } catch {
    return erasedValue(sealed);
  }
}
