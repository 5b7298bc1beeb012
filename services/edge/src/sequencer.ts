/**
 * Puts each company's projector frames back in sequence order on their way to the sockets, and
 * keeps the last minutes of them for sockets that come back (docs/ARCHITECTURE.md "The websocket
 * protocol"). Frames of one company come from several projectors, so they may arrive out of order;
 * one missing for longer than `gapWaitMs` (a publish lost with a dying projector or a broker
 * reconnect) is read from the outbox, where it is sure to be: a frame's sequence is taken under a
 * lock held until its commit, so once frame n is here, every frame before it is committed.
 */

/** A stored frame as the outbox gives it back (projector's frames.ts). */
export interface SequencedFrame {
  seq: number;
  entity: string;
  data: unknown;
  /** The request whose events made it, when one did (docs/observability.md). */
  correlationId?: string;
}

/** The outbox as the edge reads it (platform frameLog). */
export interface FrameSource {
  head(companyId: number): Promise<number>;
  range(companyId: number, after: number, through: number): Promise<SequencedFrame[]>;
}

export interface SequencerOptions {
  source: FrameSource;
  /** How far back a socket can resume. */
  windowMs: number;
  /** How long a hole in the sequence waits for its frame on the bus before it is read from the outbox. */
  gapWaitMs?: number;
  /** Frames kept in memory per company at most; older ones are read from the outbox. */
  maxWindowFrames?: number;
  deliver(companyId: number, frame: SequencedFrame): void;
  onError(error: unknown, companyId: number): void;
}

interface Line {
  /** Sockets here following the company (follow/forget). */
  followers: number;
  /** Last sequence handed to the sockets; undefined while the head is being read. */
  delivered: number | undefined;
  loading: Promise<void> | undefined;
  /** Arrived ahead of a hole, by sequence. */
  ahead: Map<number, SequencedFrame>;
  gapTimer: NodeJS.Timeout | undefined;
  /** Delivered frames of the window, oldest first. */
  recent: Array<SequencedFrame & { at: number }>;
}

export interface SequencerStats {
  /** Frames dropped because they had already been delivered (a successor's republish, a duplicate). */
  duplicates: number;
  /** Holes filled from the outbox. */
  gapsFilled: number;
}

export class FrameSequencer {
  private readonly lines = new Map<number, Line>();
  readonly stats: SequencerStats = { duplicates: 0, gapsFilled: 0 };
  private readonly gapWaitMs: number;
  private readonly maxWindowFrames: number;

  constructor(private readonly options: SequencerOptions) {
    this.gapWaitMs = options.gapWaitMs ?? 150;
    this.maxWindowFrames = options.maxWindowFrames ?? 5_000;
  }

  /** A socket of the company follows its frames here (forget() when it leaves); resolves once its place is known. */
  async follow(companyId: number): Promise<void> {
    const line = this.line(companyId);
    line.followers++;
    try {
      if (line.loading) await line.loading;
    } catch (error) {
      line.followers--;
      throw error;
    }
  }

  /** The last sequence handed to the company's sockets here (a new socket starts after it). */
  position(companyId: number): number | undefined {
    return this.lines.get(companyId)?.delivered;
  }

  private line(companyId: number): Line {
    let line = this.lines.get(companyId);
    if (!line) {
      line = { followers: 0, delivered: undefined, loading: undefined, ahead: new Map(), gapTimer: undefined, recent: [] };
      this.lines.set(companyId, line);
      const created = line;
      created.loading = this.options.source.head(companyId).then(
        (head) => {
          created.loading = undefined;
          created.delivered = head;
          this.drain(companyId, created);
        },
        (error: unknown) => {
          // Read again by the next socket that asks.
          if (this.lines.get(companyId) === created) this.lines.delete(companyId);
          throw error;
        },
      );
    }
    return line;
  }

  /** A socket left; after the company's last one here nothing is kept for it (a returning socket resumes from the outbox). */
  forget(companyId: number): void {
    const line = this.lines.get(companyId);
    if (!line || --line.followers > 0) return;
    clearTimeout(line.gapTimer);
    this.lines.delete(companyId);
  }

  /** A frame from the bus; companies nobody here follows are ignored. */
  accept(companyId: number, frame: SequencedFrame): void {
    const line = this.lines.get(companyId);
    if (!line) return;
    if ((line.delivered !== undefined && frame.seq <= line.delivered) || line.ahead.has(frame.seq)) {
      this.stats.duplicates++;
      return;
    }
    line.ahead.set(frame.seq, frame);
    if (line.delivered !== undefined) this.drain(companyId, line);
  }

  /**
   * The frames after `after` up to what the sockets were last given, for a socket that was away; null
   * when the window no longer holds them all (the socket must read its lists again).
   */
  async missed(companyId: number, after: number): Promise<SequencedFrame[] | null> {
    const line = this.lines.get(companyId);
    if (!line) return null;
    if (line.loading) await line.loading;
    const through = line.delivered!;
    if (after >= through) return [];
    const recent = line.recent;
    if (recent.length > 0 && recent[0]!.seq <= after + 1) {
      const frames = recent.filter((frame) => frame.seq > after && frame.seq <= through);
      return frames[0]!.at >= Date.now() - this.options.windowMs ? frames : null;
    }
    const frames = await this.options.source.range(companyId, after, through);
    return frames.length === through - after ? frames : null;
  }

  close(): void {
    for (const line of this.lines.values()) clearTimeout(line.gapTimer);
    this.lines.clear();
  }

  private drain(companyId: number, line: Line): void {
    let next = line.ahead.get(line.delivered! + 1);
    while (next) {
      line.ahead.delete(next.seq);
      this.hand(companyId, line, next);
      next = line.ahead.get(line.delivered! + 1);
    }
    // Older than what the head said when the line started: already in what its sockets read.
    for (const seq of line.ahead.keys()) if (seq <= line.delivered!) line.ahead.delete(seq);
    if (line.ahead.size === 0) {
      clearTimeout(line.gapTimer);
      line.gapTimer = undefined;
    } else line.gapTimer ??= setTimeout(() => void this.fill(companyId, line), this.gapWaitMs);
  }

  private hand(companyId: number, line: Line, frame: SequencedFrame): void {
    line.delivered = frame.seq;
    const now = Date.now();
    line.recent.push({ ...frame, at: now });
    const cutoff = now - this.options.windowMs;
    let drop = 0;
    while (drop < line.recent.length && (line.recent[drop]!.at < cutoff || line.recent.length - drop > this.maxWindowFrames)) drop++;
    if (drop > 0) line.recent.splice(0, drop);
    this.options.deliver(companyId, frame);
  }

  /** Reads a hole that waited long enough from the outbox. */
  private async fill(companyId: number, line: Line): Promise<void> {
    line.gapTimer = undefined;
    if (this.lines.get(companyId) !== line || line.ahead.size === 0) return;
    const first = Math.min(...line.ahead.keys());
    const from = line.delivered!;
    let frames: SequencedFrame[];
    try {
      frames = await this.options.source.range(companyId, from, first - 1);
    } catch (error) {
      this.options.onError(error, companyId);
      if (this.lines.get(companyId) === line) line.gapTimer ??= setTimeout(() => void this.fill(companyId, line), this.gapWaitMs * 4);
      return;
    }
    if (this.lines.get(companyId) !== line) return;
    this.stats.gapsFilled++;
    for (const frame of frames) if (frame.seq > line.delivered! && !line.ahead.has(frame.seq)) line.ahead.set(frame.seq, frame);
    // Past the window (pruned): nothing can bring those back; go on after them.
    if (!line.ahead.has(line.delivered! + 1)) {
      this.options.onError(new Error(`frames ${line.delivered! + 1}–${first - 1} of company ${companyId} are gone from the outbox`), companyId);
      line.delivered = Math.max(line.delivered!, Math.min(...line.ahead.keys()) - 1);
    }
    this.drain(companyId, line);
  }
}
