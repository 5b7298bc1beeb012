import type { ProductEventType, RecordedEvent, RecordedProductEvent } from '@conversa/contracts';
import type { ProjectionChange, Projector } from '@conversa/platform';
import type { InsertQueryBuilder, InsertResult, Kysely, Transaction, Updateable } from 'kysely';
import type { OpenTables } from './columns';
import type { ReadDatabase } from './database';
import type { EntityFrame } from '@conversa/contracts';
import { entityFrames, type EntitiesOf, type EntityAction, type TouchedRecords } from './frames';

/**
 * The record kit: the read model of an area whose records are created, changed and deleted (prompts,
 * tags, webhooks …). The area declares its table, which event field lands in which column, and its
 * three event types; the kit writes the rows (a creation inserts every mapped field once, a change
 * sets the fields it names, a deletion flags or removes the row) and publishes the `entityFrames`.
 * Events that change a record in other ways (a media attached, a webhook paused) are declared in
 * `updates` as the columns they set.
 */

type Data<T extends ProductEventType> = RecordedProductEvent<T>['data'];
type Table = keyof ReadDatabase & `read.${string}`;
type Column<R extends Table> = keyof ReadDatabase[R] & string;
type Changes<U extends ProductEventType> = Data<U> extends { changes: infer Fields } ? Fields : never;
type Row = Record<string, unknown>;

export interface RecordRows<R extends Table, C extends ProductEventType, U extends ProductEventType, D extends ProductEventType, X extends ProductEventType> {
  table: R;
  /** The field of every one of its events that holds the record's id (its primary key `id`). */
  id: keyof Data<C> & keyof Data<U> & keyof Data<D> & string;
  created: C;
  /** Its data is `{ <id>, changes }`: the fields that changed. */
  changed: U;
  deleted: D;
  /** Event field → column: a creation writes every one, a change those it names. */
  columns: { [Field in Exclude<keyof Data<C>, this['id']>]?: Column<R> };
  /** What a field's value becomes in its column (jsonb as JSON text). */
  encode?: { [Field in keyof Data<C>]?: (value: NonNullable<Data<C>[Field]>) => unknown };
  /** 'company': rows carry the event's company_id; 'platform': plans, helps, announcements (no company). */
  scope: 'company' | 'platform';
  /** 'flag': `deleted = true`, kept so history still names it; 'row': the row is removed. */
  deletion: 'flag' | 'row';
  /** Columns a creation writes beside the mapped fields (a starting status). */
  createdColumns?: (data: Data<C>) => Row;
  /** Columns a change writes beside the mapped fields (a state the change resets). */
  changedColumns?: (changes: Changes<U>) => Row;
  /** Other events of the record: the columns each sets (`updated_at` is the kit's). */
  updates?: { [Type in X]: (data: Data<Type>, at: Date) => Row };
  /** Of `updates`, those the screens are not told about (no frame). */
  quiet?: readonly NoInfer<X>[];
}

export interface RecordFrames<V, I extends string, K extends string, E extends EntitiesOf<EntityFrame<I, K, V>>> {
  /** The frames' entity, id key and view key (see `entityFrames`), checked against the frame catalogue. */
  entity: E;
  idKey: I;
  viewKey: K;
  find: (trx: Transaction<ReadDatabase>, companyId: number, id: number) => Promise<V | undefined>;
}

/** Inserts a row unless one with its `id` is there (an event handled twice): answers whether the row is new. */
export async function insertedNew<DB, T extends keyof DB & string>(insert: InsertQueryBuilder<DB, T, InsertResult>): Promise<boolean> {
  // Kysely cannot check a column of a table left generic; every table passed here has its key in `id`.
  const open = insert as unknown as InsertQueryBuilder<OpenTables, string, InsertResult>;
  const row = await open
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The tables whose rows are keyed by `id` and stamped with their last change (`updated_at`). */
type StampedTable = { [T in Table]: ReadDatabase[T] extends { id: number; updated_at: unknown } ? T : never }[Table];

/** A projector's writer of changes to a table's rows by id: the columns given, and `updated_at`. */
export function rowUpdater<T extends StampedTable>(trx: Transaction<ReadDatabase>, table: T) {
  // The table is one of ReadDatabase's; the columns are checked where the caller names them (Updateable of its row).
  const db = trx as unknown as Kysely<OpenTables>;
  return (id: number, set: Updateable<ReadDatabase[T]>, at: Date) =>
    db
      .updateTable(table as string)
      .set({ ...set, updated_at: at })
      .where('id', '=', id)
      .execute();
}

/** A batch's touched record: a creation stays a creation, a deletion wins. */
export function touch(touched: TouchedRecords, id: number, companyId: number, action: EntityAction): void {
  touched.set(id, { companyId, action: action === 'update' ? (touched.get(id)?.action ?? 'update') : action });
}

/**
 * The rows of a record area as a piece of a larger projector (tags, announcements): `apply` writes an
 * event of its types and notes the record in `touched`, and answers false for any other event.
 */
export function recordRows<
  R extends Table,
  C extends ProductEventType,
  U extends ProductEventType,
  D extends ProductEventType,
  X extends ProductEventType = never,
>(rows: RecordRows<R, C, U, D, X>) {
  const { created, changed, deleted } = rows;
  const table: string = rows.table;
  const updates = (rows.updates ?? {}) as Record<string, (data: never, at: Date) => Row>;
  const quiet = new Set<string>(rows.quiet ?? []);
  const encode = (rows.encode ?? {}) as Record<string, ((value: unknown) => unknown) | undefined>;
  const columnsOf = (fields: Row): Row => {
    const row: Row = {};
    for (const [field, column] of Object.entries(rows.columns as Record<string, string>)) {
      const value = fields[field];
      if (value === undefined) continue;
      const encoder = encode[field];
      row[column] = encoder ? encoder(value) : value;
    }
    return row;
  };
  const eventTypes = [created, changed, deleted, ...(Object.keys(updates) as X[])] as const;
  async function apply(trx: Transaction<ReadDatabase>, event: RecordedEvent, touched: TouchedRecords): Promise<boolean> {
    if (!eventTypes.includes(event.type as never)) return false;
    // The table is one of ReadDatabase's; its columns are checked where the area declares them.
    const db = trx as unknown as Kysely<Record<string, Row>>;
    const data = event.data as Row;
    const id = data[rows.id] as number;
    const companyId = event.metadata.companyId;
    const at = new Date(event.metadata.occurredAt);
    const byId = db.updateTable(table).where('id', '=', id);
    if (event.type === created) {
      const scope = rows.scope === 'company' ? { company_id: companyId } : {};
      const extra = rows.createdColumns?.(data as Data<C>) ?? {};
      await db
        .insertInto(table)
        .values({ id, ...scope, ...columnsOf(data), ...extra, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      touch(touched, id, companyId, 'create');
    } else if (event.type === changed) {
      const changes = data.changes as Changes<U> & Row;
      await byId.set({ ...columnsOf(changes), ...rows.changedColumns?.(changes), updated_at: at }).execute();
      touch(touched, id, companyId, 'update');
    } else if (event.type === deleted) {
      if (rows.deletion === 'flag') await byId.set({ deleted: true, updated_at: at }).execute();
      else await db.deleteFrom(table).where('id', '=', id).execute();
      touch(touched, id, companyId, 'delete');
    } else {
      await byId.set({ ...updates[event.type]!(data as never, at), updated_at: at }).execute();
      if (!quiet.has(event.type)) touch(touched, id, companyId, 'update');
    }
    return true;
  }
  return { eventTypes, apply };
}

export interface RecordProjection<
  R extends Table,
  C extends ProductEventType,
  U extends ProductEventType,
  D extends ProductEventType,
  X extends ProductEventType,
  V,
  I extends string,
  K extends string,
  E extends EntitiesOf<EntityFrame<I, K, V>>,
> extends RecordRows<R, C, U, D, X> {
  name: string;
  /** Bump it when the table or the mapping changes: the runtime rebuilds it. */
  version: number;
  migrate(db: Kysely<ReadDatabase>): Promise<void>;
  /** What the screens are told; without it nothing is published (platform-wide records have no company subject). */
  frames?: RecordFrames<V, I, K, E>;
}

/** A projector that is only its records' rows and frames (the record kit, above). */
export function recordProjector<
  R extends Table,
  C extends ProductEventType,
  U extends ProductEventType,
  D extends ProductEventType,
  X extends ProductEventType = never,
  V = unknown,
  I extends string = string,
  K extends string = string,
  E extends EntitiesOf<EntityFrame<I, K, V>> = EntitiesOf<EntityFrame<I, K, V>>,
>(projection: RecordProjection<R, C, U, D, X, V, I, K, E>): Projector<ReadDatabase> {
  const { name, version, migrate, frames, ...rows } = projection;
  const { eventTypes, apply } = recordRows(rows);
  return {
    name,
    version,
    eventTypes,
    tables: [rows.table],
    migrate,
    async handle(trx, events): Promise<ProjectionChange[]> {
      const touched: TouchedRecords = new Map();
      for (const event of events) await apply(trx, event, touched);
      if (!frames) return [];
      return entityFrames(touched, frames, (companyId, id) => frames.find(trx, companyId, id));
    },
  };
}
