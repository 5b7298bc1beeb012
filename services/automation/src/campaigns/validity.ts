import { recordListValidation, type UseCaseContext } from '@conversa/core';
import { defaultConnection } from '@conversa/projections/connections/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { defineReactor, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';

/** The channels' answer whether numbers have an account (null: the connection's session cannot tell here). */
export interface NumberChecker {
  checkNumbers(connectionId: number, numbers: readonly string[]): Promise<Array<{ number: string; valid: boolean }> | null>;
}

/** Numbers asked per channel call. */
const CHECK_BATCH = 100;
const CHECK_TIMEOUT_MS = 20_000;

/**
 * The contact lists' WhatsApp validity check (list-validity): numbers added to a list, or changed,
 * are asked of the company's default connection in the background, and the answers recorded on the
 * list (ContactListItemsValidated), so the items page fills in its icons as they come. With no
 * connection that can answer, the numbers stay unchecked (null) and campaigns send to them.
 */
export function createListValidityReactor(options: {
  ctx: UseCaseContext;
  db: Kysely<ReadDatabase>;
  checker: NumberChecker;
  log?: { warn(o: unknown, m?: string): void };
}): Projector {
  const { ctx, db, checker, log } = options;

  async function check(companyId: number, contactListId: number, items: Array<{ itemId: number; number: string }>): Promise<void> {
    const connection = await defaultConnection(db, companyId);
    if (!connection || items.length === 0) return;
    const results: Array<{ itemId: number; number: string; valid: boolean }> = [];
    for (let start = 0; start < items.length; start += CHECK_BATCH) {
      const batch = items.slice(start, start + CHECK_BATCH);
      let answers: Array<{ number: string; valid: boolean }> | null;
      try {
        answers = await Promise.race([
          checker.checkNumbers(
            connection.id,
            batch.map((item) => item.number),
          ),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('number check timed out')), CHECK_TIMEOUT_MS).unref()),
        ]);
      } catch (error) {
        log?.warn({ err: error, contactListId }, 'list-validity: the channel could not check the numbers');
        break;
      }
      if (!answers) break;
      const byNumber = new Map(answers.map((answer) => [answer.number, answer.valid]));
      results.push(
        ...batch.filter((item) => byNumber.has(item.number)).map((item) => ({ itemId: item.itemId, number: item.number, valid: byNumber.get(item.number)! })),
      );
    }
    // One append per added chunk, not per channel call.
    if (results.length > 0) await recordListValidation(ctx, { companyId, actor: { kind: 'system', id: 'list-validity' }, contactListId, results });
  }

  return defineReactor({
    name: 'list-validity',
    eventTypes: ['ContactListItemsAdded', 'ContactListItemChanged'],
    async react(events) {
      for (const event of events) {
        const companyId = event.metadata.companyId;
        if (event.type === 'ContactListItemsAdded')
          await check(
            companyId,
            event.data.contactListId,
            event.data.items.map(({ itemId, number }) => ({ itemId, number })),
          );
        else if (event.data.changes.number !== undefined)
          await check(companyId, event.data.contactListId, [{ itemId: event.data.itemId, number: event.data.changes.number }]);
      }
    },
  });
}
