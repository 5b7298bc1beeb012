import { sealStoredEvents, type SealMigrationProgress } from '@conversa/eventstore/personal/index';
import type { Wiring } from '../wiring';

/** The EventStoreDB adapter cannot rewrite: the command says so and does nothing. */
export class RewriteRefusedError extends Error {
  constructor() {
    super(
      'lgpd migrate rewrites stored events in place, and EventStoreDB never rewrites an event: events appended before sealing stay in clear there. ' +
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

/**
 * `conversa lgpd migrate`: events stored before personal fields were sealed are rewritten sealed,
 * their streams' hash chains recomputed (docs/lgpd.md "Migration"). Resumable: run it again after any stop.
 */
export async function runLgpdMigrate(wiring: Wiring, print: (line: string) => void): Promise<SealMigrationProgress> {
  if (wiring.config.eventStoreUrl) throw new RewriteRefusedError();
  const result = await sealStoredEvents({
    connectionString: wiring.databaseUrl,
    registry: wiring.registry,
    vault: wiring.keys,
    onProgress: (progress) => print(describeProgress(progress)),
  });
  print(`done: ${describeProgress(result)}; snapshots of long streams dropped (folded afresh); chain rewrites recorded in eventstore.chain_rewrites`);
  return result;
}
