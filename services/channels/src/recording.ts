import type { ChannelGateway, OutboundMessage } from './port';

export interface SendAttempt {
  message: OutboundMessage;
  outcome: 'sent' | 'failed';
  providerId?: string;
  reason?: string;
}

/**
 * A gateway that delivers nowhere and remembers everything: for tests, and for the channels issue
 * to check its wiring against. It can be told to fail for a number, or for the next N sends.
 */
export class RecordingChannelGateway implements ChannelGateway {
  /** What was delivered, in the order it went out. */
  readonly sent: OutboundMessage[] = [];
  /** Every send asked of it, delivered or not. */
  readonly attempts: SendAttempt[] = [];
  private readonly failingNumbers = new Map<string, string>();
  private readonly failingNext: string[] = [];
  private readonly waiters = new Set<() => void>();

  /** Every send to this number fails with `reason` until `recoverNumber`. */
  failNumber(number: string, reason = 'number unreachable'): this {
    this.failingNumbers.set(number, reason);
    return this;
  }

  recoverNumber(number: string): this {
    this.failingNumbers.delete(number);
    return this;
  }

  /** The next `count` sends fail with `reason`, whoever they are for. */
  failNext(count = 1, reason = 'channel unavailable'): this {
    for (let index = 0; index < count; index++) this.failingNext.push(reason);
    return this;
  }

  async send(message: OutboundMessage): Promise<{ providerId: string }> {
    const reason = this.failingNext.shift() ?? this.failingNumbers.get(message.contact.number);
    try {
      if (reason !== undefined) {
        this.attempts.push({ message, outcome: 'failed', reason });
        throw new Error(reason);
      }
      const providerId = `rec-${message.messageId}`;
      this.sent.push(message);
      this.attempts.push({ message, outcome: 'sent', providerId });
      return { providerId };
    } finally {
      for (const wake of this.waiters) wake();
    }
  }

  /** Resolves once at least `count` sends were attempted (rejects after `timeoutMs`). */
  waitForAttempts(count: number, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.attempts.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`expected ${count} send attempts, saw ${this.attempts.length}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}
