import type { EntityFrame, FrameData, FrameEntity } from '@conversa/contracts';
import type { ProjectionChange } from '@conversa/platform';

export type EntityAction = 'create' | 'update' | 'delete';
/** The records a batch touched, by id: their company and the frame's action (a create stays a create). */
export type TouchedRecords = Map<number, { companyId: number; action: EntityAction }>;

/** The entities whose body is `Frame`, so a caller naming its keys and view is checked against the frame catalogue. */
type EntitiesOf<Frame> = { [E in FrameEntity]: Frame extends FrameData<E> ? E : never }[FrameEntity];

/**
 * The frames of the records a batch touched: `{ action, <idKey> }` for a deletion, else
 * `{ action, <viewKey>: view }` read after the batch's writes (a record gone meanwhile sends none).
 */
export async function entityFrames<I extends string, K extends string, V, E extends EntitiesOf<EntityFrame<I, K, V>>>(
  touched: TouchedRecords,
  names: { entity: E; idKey: I; viewKey: K },
  find: (companyId: number, id: number) => Promise<V | undefined>,
): Promise<ProjectionChange[]> {
  // A computed key types as a string index, not as `I` or `K`: the signature above is what checks the frame.
  const frame = (companyId: number, data: EntityFrame<I, K, V>) => ({ companyId, entity: names.entity, data }) as ProjectionChange;
  const changes: ProjectionChange[] = [];
  for (const [id, { companyId, action }] of touched) {
    if (action === 'delete') changes.push(frame(companyId, { action, [names.idKey]: id } as EntityFrame<I, K, V>));
    else {
      const view = await find(companyId, id);
      if (view) changes.push(frame(companyId, { action, [names.viewKey]: view } as EntityFrame<I, K, V>));
    }
  }
  return changes;
}
