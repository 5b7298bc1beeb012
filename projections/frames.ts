import type { ProjectionChange } from '@conversa/platform';

export type EntityAction = 'create' | 'update' | 'delete';
/** The records a batch touched, by id: their company and the frame's action (a create stays a create). */
export type TouchedRecords = Map<number, { companyId: number; action: EntityAction }>;

/**
 * The frames of the records a batch touched: `{ action, <idKey> }` for a deletion, else
 * `{ action, <viewKey>: view }` read after the batch's writes (a record gone meanwhile sends none).
 */
export async function entityFrames<V>(
  touched: TouchedRecords,
  names: { entity: string; idKey: string; viewKey: string },
  find: (companyId: number, id: number) => Promise<V | undefined>,
): Promise<ProjectionChange[]> {
  const changes: ProjectionChange[] = [];
  for (const [id, { companyId, action }] of touched) {
    if (action === 'delete') changes.push({ companyId, entity: names.entity, data: { action, [names.idKey]: id } });
    else {
      const view = await find(companyId, id);
      if (view) changes.push({ companyId, entity: names.entity, data: { action, [names.viewKey]: view } });
    }
  }
  return changes;
}
