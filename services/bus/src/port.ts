/**
 * Fan-out of committed changes. Subjects are `company.<companyId>.<entity>`; patterns use NATS
 * wildcards (`*` one token, `>` the rest), e.g. `company.*.ticket` or `company.7.>`.
 * Delivery is at-most-once: the read tables are the truth, the bus only says what changed.
 */
export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
  /** A projector frame's place in its company's gap-free sequence (docs/ARCHITECTURE.md "The websocket protocol"). */
  seq?: number;
  /** The cause the message came from (the request's correlation id), beside the data: edges put it on the frame. */
  correlationId?: string;
}

/** Both travel beside the data (NATS headers), so subscribers that read only the data see it unchanged. */
export interface PublishOptions {
  seq?: number;
  correlationId?: string;
}

export interface Bus {
  publish(subject: string, data: unknown, options?: PublishOptions): Promise<void>;
  subscribe(pattern: string, handler: (message: BusMessage) => void): Promise<BusSubscription>;
  close(): Promise<void>;
}

export interface BusSubscription {
  unsubscribe(): Promise<void>;
}

/**
 * `reconnecting`: the connection is down and the adapter is retrying; publishes are buffered
 * (bounded) and subscriptions resume by themselves once it is back.
 */
export type BusStatus = 'connected' | 'reconnecting' | 'closed';

/** What both adapters return: a Bus that can also answer /health. */
export interface MonitoredBus extends Bus {
  status(): BusStatus;
  /** Calls `listener` on every change of status; returns a function that stops listening. */
  onStatus(listener: (status: BusStatus) => void): () => void;
}

export interface BusOptions {
  /**
   * Receives what a handler threw (or its promise rejected with), and payloads that cannot be
   * decoded. Defaults to console.error: one broken subscriber must never stop the others.
   */
  onError?: (error: unknown, message: { subject: string }) => void;
}

export const companySubject = (companyId: number, entity: string): string => `company.${companyId}.${entity}`;
