import { z } from 'zod';
import { RecordId } from '../common/bounds';
import { defineEvent } from './registry';

type IdShape<Id extends string> = { [K in Id]: typeof RecordId };

/**
 * The events of a record that is only created, changed and deleted, as services/core's `recordDecider` folds them:
 * `<Name>Created` { <id>, ...fields, ...createdAlso }, `<Name>Changed` { <id>, changes: the fields that differ } and
 * `<Name>Deleted` { <id> }. `createdAlso`: what a creation records besides the fields (the author).
 */
export function recordEvents<
  const Name extends string,
  const Id extends string,
  Fields extends z.ZodRawShape,
  Also extends z.ZodRawShape = Record<never, never>,
>(name: Name, id: Id, fields: z.ZodObject<Fields>, createdAlso?: Also) {
  const idShape = { [id]: RecordId } as IdShape<Id>;
  return {
    created: defineEvent(`${name}Created`, fields.extend({ ...idShape, ...(createdAlso as Also) })),
    changed: defineEvent(`${name}Changed`, z.object({ ...idShape, changes: fields.partial() })),
    deleted: defineEvent(`${name}Deleted`, z.object(idShape)),
  };
}
