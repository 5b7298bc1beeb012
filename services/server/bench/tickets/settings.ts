/** The ticket bench's sizes and switches, all from the environment (see ../tickets.bench.ts). */
export const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
export const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
export const OTHER_COMPANIES = 20;
export const OTHER_TICKETS = Math.max(1000, Math.round(TICKETS / 50));
export const OTHER_MESSAGES = Math.max(10_000, Math.round(MESSAGES / 50));
/** Tickets 1..HEAVY of the big company carry a tenth of its messages: long conversations. */
export const HEAVY = 1000;
/** Pages per read figure: a full collection of the heap lands in some figures and not others, so many pages keep it from deciding one. */
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
/** Requests before each read figure's samples: enough for V8 to have compiled the path (20 left the first figure half cold). */
export const WARM = 100;
/** Rounds over the read paths before any read figure (reads.ts says why). */
export const WARM_PATHS = Number(process.env.BENCH_WARM_PATHS ?? 500);
export const INBOUND_RATE = Number(process.env.BENCH_RATE ?? 200);
export const INBOUND_SECONDS = Number(process.env.BENCH_INBOUND_SECONDS ?? 15);
/** BENCH_SWEEP=1: after the inbound figure, the highest rate whose ticket frames keep p99 ≤ 250 ms (see sweep()). */
export const SWEEP = process.env.BENCH_SWEEP === '1';
export const SWEEP_FROM = Number(process.env.BENCH_SWEEP_FROM ?? 100);
export const SWEEP_STEP = Number(process.env.BENCH_SWEEP_STEP ?? 100);
export const SWEEP_MAX = Number(process.env.BENCH_SWEEP_MAX ?? 2000);
export const SWEEP_SECONDS = Number(process.env.BENCH_SWEEP_SECONDS ?? 10);
export const SWEEP_LIMIT_MS = 250;
export const ISOLATED = Number(process.env.BENCH_ISOLATED ?? 0);
/** `BENCH_ONLY=inbound` skips the bulk load and the read figures (for working on the write path). */
export const ONLY_INBOUND = process.env.BENCH_ONLY === 'inbound';
/** `BENCH_ONLY=reads` skips the inbound figure; `BENCH_SEARCH=0` the (slow, figure-less) contact search. */
export const ONLY_READS = process.env.BENCH_ONLY === 'reads';
export const WITH_SEARCH = process.env.BENCH_SEARCH !== '0';
/**
 * BENCH_SPLIT=1: the projector role (projectors and reactors) runs in a process of its own, joined
 * by a real nats-server, as in a distributed deployment; this process keeps the API, the edge and
 * the channel side. Otherwise everything shares one process, as `conversa start` does.
 */
export const SPLIT = process.env.BENCH_SPLIT === '1';
