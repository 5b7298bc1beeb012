import { ContactErased, MessageContentsExpired } from '@conversa/contracts';
import type { KeyVault } from '@conversa/eventstore/personal/index';
import { periodOf } from '@conversa/eventstore/personal/index';
import type { SnapshotStore } from '@conversa/eventstore/state/snapshots';
import { defineReactor, type Projector } from '@conversa/platform';

/**
 * Crypto-shredding follows the records (docs/lgpd.md): a ContactErased destroys every data key the
 * contact has, so its personal fields read as erased everywhere in the log; a MessageContentsExpired
 * destroys the company's period keys of the days wholly before `before` (contents go, names stay).
 * An erasure also drops the snapshots of long streams: they hold states folded from opened fields
 * (refolded from the log, now erased, on their next command). Retention leaves them: a long stream's
 * state keeps no message contents. Destroying is idempotent, so a batch replayed after a crash (kill -9
 * before the checkpoint) is harmless.
 */
export function createKeyShredder(vault: KeyVault, snapshots?: SnapshotStore): Projector {
  return defineReactor({
    name: 'key-shredder',
    eventTypes: [ContactErased.type, MessageContentsExpired.type],
    async react(events) {
      for (const event of events) {
        if (event.type === ContactErased.type) {
          const { contactId } = event.data;
          await vault.destroy({ companyId: event.metadata.companyId, contactId });
          await snapshots?.drop();
        } else {
          const { companyId, before } = event.data;
          // A day's key goes once the whole day lies before `before`.
          await vault.destroy({ companyId, periodsBefore: periodOf(before) });
        }
      }
    },
  });
}
