import { generateDueInvoices, systemActor, type GenerationReport } from '@conversa/core';
import { companiesToInvoice } from '@conversa/projections/invoices/queries';
import type { LeasedWorker } from '@conversa/platform';
import { leasedJob, type JobOptions } from '../scheduler';
import type { AutomationContext } from '../schedules/sender';

/** Hourly: an invoice appears at most an hour after its company enters the lead days (or a due date changes). */
export const INVOICE_GENERATOR_CRON = '0 7 * * * *';
export const INVOICE_GENERATOR_LEASE = 'automation.invoices';

/** The invoice generator: one pass makes the invoices due (tests and the cron call it). */
export function createInvoiceGenerator(ctx: AutomationContext) {
  return {
    tick(now: Date = ctx.now()): Promise<GenerationReport> {
      return generateDueInvoices(ctx, {
        today: now.toISOString().slice(0, 10),
        actor: systemActor,
        lookup: { companiesToInvoice: (until, limit) => companiesToInvoice(ctx.db, until, limit) },
      });
    },
  };
}
export type InvoiceGenerator = ReturnType<typeof createInvoiceGenerator>;

/** The generator as a leased worker on its cron (and once when it takes the lease): one process in the cluster makes invoices. */
export function createInvoiceScheduler(options: JobOptions & { generator: InvoiceGenerator; now(): Date }): LeasedWorker {
  return leasedJob(options, {
    lease: INVOICE_GENERATOR_LEASE,
    cron: INVOICE_GENERATOR_CRON,
    name: 'invoice-generator',
    pass: async () => ({ generated: (await options.generator.tick(options.now())).generated.length }),
  });
}
