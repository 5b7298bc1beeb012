import { describe, expect, it, vi } from 'vitest';
import type { Decider } from '../commands/decider';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands, streamRuns } from './stream-commands';

const execute = vi.hoisted(() => vi.fn(async () => ({ state: { n: 1 }, events: [], position: null })));
const runCommand = vi.hoisted(() => vi.fn(async () => ({ state: { n: 2 }, events: [], position: null })));
vi.mock('../commands/execute', () => ({ execute }));
vi.mock('../commands/run', () => ({ runCommand }));

type Command = { type: 'Bump' };
const counter: Decider<{ n: number }, Command, { type: 'Bumped'; data: object }> = {
  initialState: () => ({ n: 0 }),
  evolve: (state) => ({ n: state.n + 1 }),
  decide: () => [{ type: 'Bumped', data: {} }],
};
const ctx = {} as UseCaseContext;
const who = { companyId: 7, actor: { kind: 'user' as const, id: 3 }, other: 'ignored' };

describe('streamCommands', () => {
  it("executes the command on the record's stream as the input's company and actor", async () => {
    const onCounter = streamCommands(counter, (id: number) => `counter-${id}`);
    const result = await onCounter(ctx, who, 42, { type: 'Bump' });
    expect(execute).toHaveBeenLastCalledWith(ctx, {
      decider: counter,
      streamId: 'counter-42',
      command: { type: 'Bump' },
      companyId: 7,
      actor: { kind: 'user', id: 3 },
    });
    expect(result.state).toEqual({ n: 1 });
  });

  it('passes a command id on, and takes a compound key', async () => {
    const onPair = streamCommands(counter, ([a, b]: [number, number]) => `pair-${a}-${b}`);
    await onPair(ctx, who, [1, 2], { type: 'Bump' }, { commandId: 'c-1' });
    expect(execute).toHaveBeenLastCalledWith(ctx, expect.objectContaining({ streamId: 'pair-1-2', commandId: 'c-1', companyId: 7 }));
  });

  it('runs without the wait when asked to (streamRuns)', async () => {
    const runOnCounter = streamRuns(counter, (id: number) => `counter-${id}`);
    const result = await runOnCounter(ctx, who, 5, { type: 'Bump' });
    expect(runCommand).toHaveBeenLastCalledWith(ctx, { decider: counter, streamId: 'counter-5', command: { type: 'Bump' }, companyId: 7, actor: who.actor });
    expect(result.state).toEqual({ n: 2 });
  });
});
