import type { Bus, BusMessage, BusSubscription } from '@conversa/bus';

interface Entry {
  /** Sockets (authenticated or about to be) of the company on this edge. */
  sockets: number;
  subscription: Promise<BusSubscription | undefined>;
}

/**
 * The edge's bus subscriptions, one per company with sockets here (`company.<id>.>`): taken when a
 * company's first socket authenticates, dropped when its last one closes, so an edge receives only
 * the frames of companies it serves (docs/scaling.md "NATS subjects"). A subscription dropped and
 * taken again at once never delivers twice: a message reaches the handler only through the
 * company's current entry.
 */
export class CompanySubscriptions {
  private readonly entries = new Map<number, Entry>();
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly handler: (message: BusMessage) => void,
    private readonly onError: (error: unknown, companyId: number) => void,
  ) {}

  /** One more socket of the company: subscribes to its frames if it is the first; resolves once the broker has the interest. */
  open(companyId: number): Promise<void> {
    let entry = this.entries.get(companyId);
    if (!entry) {
      const created: Entry = { sockets: 0, subscription: Promise.resolve(undefined) };
      created.subscription = this.bus
        .subscribe(`company.${companyId}.>`, (message) => {
          if (this.entries.get(companyId) === created) this.handler(message);
        })
        .catch((error: unknown) => {
          this.onError(error, companyId);
          return undefined;
        });
      this.entries.set(companyId, created);
      entry = created;
    }
    entry.sockets++;
    return entry.subscription.then(() => undefined);
  }

  /** One socket of the company fewer: after its last one here, stop receiving its frames. */
  close(companyId: number): void {
    const entry = this.entries.get(companyId);
    if (!entry || --entry.sockets > 0) return;
    this.entries.delete(companyId);
    void entry.subscription.then((subscription) => subscription?.unsubscribe()).catch((error: unknown) => this.onError(error, companyId));
  }

  /** Companies subscribed to now. */
  size(): number {
    return this.entries.size;
  }

  async closeAll(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map(async (entry) => (await entry.subscription)?.unsubscribe()));
  }
}
