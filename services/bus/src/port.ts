/**
 * Fan-out of committed changes. Subjects are `company.<companyId>.<entity>`; patterns use NATS
 * wildcards (`*` one token, `>` the rest), e.g. `company.*.ticket` or `company.7.>`.
 * Delivery is at-most-once: the read tables are the truth, the bus only says what changed.
 */
export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
}

export interface Bus {
  publish(subject: string, data: unknown): Promise<void>;
  subscribe(pattern: string, handler: (message: BusMessage) => void): Promise<BusSubscription>;
  close(): Promise<void>;
}

export interface BusSubscription {
  unsubscribe(): Promise<void>;
}

export const companySubject = (companyId: number, entity: string): string => `company.${companyId}.${entity}`;
