import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely, Transaction } from 'kysely';

/** What a projector changed in one batch, published on the bus after its transaction commits. */
export interface ProjectionChange {
  companyId: number;
  /** Last token of the subject `company.<companyId>.<entity>`, e.g. `ticket`. */
  entity: string;
  /** The frame body as the spec's socket events carry it, e.g. `{ action: 'update', ticket: {...} }`. */
  data: unknown;
}

/**
 * A read model: it owns its tables (in schema `read`), creates them in `migrate`, and turns
 * events into row changes inside the transaction the runtime gives it. Replayable from zero.
 * Bump `version` when the tables or the mapping change: the runtime then rebuilds it.
 */
export interface Projector<DB = any> {
  name: string;
  version: number;
  /** Event types it handles; the runtime subscribes with this filter. */
  eventTypes: readonly string[];
  /** Fully qualified tables it owns (`read.tickets`), dropped on rebuild. */
  tables: readonly string[];
  /** Creates its tables and indexes (idempotent: `if not exists`). */
  migrate(db: Kysely<DB>): Promise<void>;
  /** Applies a batch of events; returns what to publish once the batch has committed. */
  handle(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<ProjectionChange[]>;
}

export const defineProjector = <DB>(projector: Projector<DB>): Projector<DB> => projector;
