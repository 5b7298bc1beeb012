import type { Bus, BusSubscription } from '@conversa/bus';
import { hidesNumbers, maskContactNumbers, SettingFrame } from '@conversa/contracts';
import type { SocketConnection } from '@conversa/edge';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

export interface SocketNumberPrivacy {
  /** Reads the company's setting; called when one of its sockets connects, before it gets frames. */
  load(companyId: number): Promise<void>;
  /** The edge's per-recipient rewriting: masked frames for a plain user while the setting is on. */
  redact(connection: SocketConnection, companyId: number): ((data: unknown) => unknown) | undefined;
  close(): Promise<void>;
}

// One function for every masked socket, so the edge serialises a masked frame once.
const maskFrame = (data: unknown) => maskContactNumbers(data);

/**
 * LGPD hide-number for socket frames. The edge decides per frame and per socket, synchronously, so
 * each company's lgpdHideNumber is held here: read when a socket of the company connects, and kept
 * current by the settings frames the companies projector publishes. A company not read yet masks.
 */
export async function socketNumberPrivacy(bus: Bus, db: Kysely<ReadDatabase>): Promise<SocketNumberPrivacy> {
  const hiding = new Map<number, boolean>();
  const subscription: BusSubscription = await bus.subscribe('company.*.settings', (message) => {
    // Parsed, as the bus carries bytes: a body of another shape changes nothing.
    const frame = SettingFrame.safeParse(message.data);
    if (!frame.success || frame.data.setting.key !== 'lgpdHideNumber') return;
    const { setting } = frame.data;
    const companyId = Number(message.subject.split('.')[1]);
    if (Number.isInteger(companyId)) hiding.set(companyId, setting.value === 'enabled');
  });
  return {
    async load(companyId) {
      const { lgpdHideNumber } = await companySettingsOf(db, companyId);
      hiding.set(companyId, lgpdHideNumber === 'enabled');
    },
    redact(connection, companyId) {
      if (!hidesNumbers(connection.principal, 'enabled')) return undefined;
      return (hiding.get(companyId) ?? true) ? maskFrame : undefined;
    },
    close: () => subscription.unsubscribe(),
  };
}
