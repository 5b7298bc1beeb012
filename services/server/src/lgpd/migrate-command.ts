import { moveNumberGuards, sealStoredEvents, type GuardMoveProgress, type SealMigrationProgress } from '@conversa/eventstore/personal/index';
import type { Wiring } from '../wiring';

/** The EventStoreDB adapter cannot rewrite: the command says so and does nothing. */
export class RewriteRefusedError extends Error {
  constructor() {
    super(
      'lgpd migrate rewrites stored events in place, and EventStoreDB never rewrites an event nor renames a stream: events appended before sealing stay in clear there, and number guards named by their numbers keep those names. ' +
        'Copy the log into a new store through the sealed store instead (docs/lgpd.md "Migration").',
    );
    this.name = 'RewriteRefusedError';
  }
}

export const describeProgress = (p: SealMigrationProgress): string => {
  const seconds = p.ms / 1000;
  const rate = seconds > 0 ? Math.round(p.events / seconds) : 0;
  const streamRate = seconds > 0 ? p.streams / seconds : 0;
  const eta = streamRate > 0 ? Math.max(0, Math.round((p.total - p.streams) / streamRate)) : 0;
  return `sealed ${p.streams}/${p.total} streams, ${p.sealed} events sealed, ${p.events} rewritten (${rate} events/s), ${p.unowned} without a contact, ETA ${eta} s`;
};

export const describeGuardMoves = (p: GuardMoveProgress): string => {
  const seconds = p.ms / 1000;
  const rate = seconds > 0 ? Math.round(p.streams / seconds) : 0;
  return `moved ${p.streams}/${p.total} number guards to their digest streams, ${p.events} events re-chained, ${p.merged} merged (${rate} streams/s)`;
};

/**
 * `conversa lgpd migrate`: events stored before personal fields were sealed are rewritten sealed,
 * their streams' hash chains recomputed, then the number guards named by their numbers move to
 * streams named by their digests (docs/lgpd.md "Migration"). Resumable: run it again after any stop.
 */
export async function runLgpdMigrate(wiring: Wiring, print: (line: string) => void): Promise<SealMigrationProgress & { guards: GuardMoveProgress }> {
  if (wiring.config.eventStoreUrl) throw new RewriteRefusedError();
  const result = await sealStoredEvents({
    connectionString: wiring.databaseUrl,
    registry: wiring.registry,
    vault: wiring.keys,
    onProgress: (progress) => print(describeProgress(progress)),
  });
  print(`done: ${describeProgress(result)}; snapshots of long streams dropped (folded afresh); chain rewrites recorded in eventstore.chain_rewrites`);
  const guards = await moveNumberGuards({
    connectionString: wiring.databaseUrl,
    digest: wiring.ctx.numberDigest,
    onProgress: (progress) => print(describeGuardMoves(progress)),
  });
  print(`done: ${describeGuardMoves(guards)}`);
  return { ...result, guards };
}
