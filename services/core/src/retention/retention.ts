import { retentionStream, type ProductEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { runCommand, systemActor, type CommandContext } from '../commands/run';

export type RetentionEvent = Extract<ProductEvent, { type: 'MessageContentsExpired' }>;

/** A company's retention runs: the UTC day of the last one (a day runs once, whatever restarts). */
export interface Retention {
  lastDay: string | null;
}

export type RetentionCommand = { type: 'ExpireMessageContents'; companyId: number; days: number };

const DAY_MS = 86_400_000;
/** The UTC calendar day a run belongs to. */
export const retentionDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The retention stream's decider: one MessageContentsExpired per company and UTC day, `before` = now − days. */
export const retention: Decider<Retention, RetentionCommand, RetentionEvent> = {
  initialState: () => ({ lastDay: null }),
  evolve: (state, event) =>
    event.type === 'MessageContentsExpired' ? { lastDay: retentionDay(new Date(new Date(event.data.before).getTime() + event.data.days * DAY_MS)) } : state,
  decide(state, command, { now }) {
    if (state.lastDay === retentionDay(now)) return [];
    return [
      {
        type: 'MessageContentsExpired',
        data: { companyId: command.companyId, before: new Date(now.getTime() - command.days * DAY_MS).toISOString(), days: command.days },
      },
    ];
  },
};

/**
 * Today's retention run of one company: appended on `retention-<companyId>` under its expected
 * revision, so a second run the same day (a restart, another process) appends nothing. Answers
 * whether it appended. No wait on the read models: the worker goes on to the next company.
 */
export async function expireMessageContents(ctx: CommandContext, input: { companyId: number; days: number }): Promise<boolean> {
  const result = await runCommand(ctx, {
    decider: retention,
    streamId: retentionStream(input.companyId),
    command: { type: 'ExpireMessageContents', ...input },
    companyId: input.companyId,
    actor: systemActor,
  });
  return result.events.length > 0;
}
