import { z } from 'zod';

/** What a DELETE answers when it says more than 204: the sentence the spec gives ("Queue deleted"). */
export const DeletedAnswer = z.object({ message: z.string() });
export type DeletedAnswer = z.infer<typeof DeletedAnswer>;

/** How many tickets a bulk close closed (POST /tickets/closeAll, the imported tickets' close). */
export const ClosedCount = z.object({ closed: z.number() });
export type ClosedCount = z.infer<typeof ClosedCount>;

/** How many connection sessions POST /whatsapp-restart restarted. */
export const RestartedCount = z.object({ restarted: z.number() });
export type RestartedCount = z.infer<typeof RestartedCount>;

/** GET /health: ready (200) or not (503), with the bus, each read model's projector, and what runs degraded. */
export const HealthAnswer = z.looseObject({
  ok: z.boolean(),
  bus: z.string().optional(),
  projections: z.array(z.looseObject({ name: z.string(), state: z.string(), position: z.string().nullable() })).optional(),
  degraded: z.array(z.string()).optional(),
});

/** GET / for a client that is not a browser: where the API reference is. */
export const RootAnswer = z.object({ name: z.string(), docs: z.string(), openapi: z.string(), ui: z.string() });
