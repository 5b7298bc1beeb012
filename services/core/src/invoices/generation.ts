import { streams, type Actor, type InvoiceTerms, type Position } from '@conversa/contracts';
import { runCommand, type CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { invoice } from './invoice';

/** An invoice is made this many days before the company's due date (and at once when it is past). */
export const INVOICE_LEAD_DAYS = 10;

/** The due date to invoice for a company today, or null: not within the lead days yet, or company 1 (never expires). */
export function invoiceDueFor(company: { companyId: number; dueDate: string }, today: string): string | null {
  if (company.companyId === 1) return null;
  const lead = new Date(`${today}T00:00:00.000Z`);
  lead.setUTCDate(lead.getUTCDate() + INVOICE_LEAD_DAYS);
  return company.dueDate <= lead.toISOString().slice(0, 10) ? company.dueDate : null;
}

/** What the generator reads: the companies whose due date falls within the lead days, with their plan's terms. */
export interface InvoiceGenerationLookup {
  /** Companies due on or before `until` that have no invoice for that due date yet. */
  companiesToInvoice(until: string, limit: number): Promise<Array<{ companyId: number; dueDate: string; terms: InvoiceTerms }>>;
}

export interface GenerationReport {
  generated: Array<{ companyId: number; dueDate: string; invoiceId: number }>;
  positions: Position[];
}

/**
 * One pass of the invoice generator: each company due within the lead days gets the invoice of its
 * due date, priced by its plan now. The period's stream makes it once-only across ticks and processes.
 * A paid invoice moves the due date one recurrence on, so the next period is invoiced in its turn.
 */
export async function generateDueInvoices(
  ctx: CommandContext & { ids: IdAllocator },
  input: { today: string; lookup: InvoiceGenerationLookup; actor: Actor; limit?: number },
): Promise<GenerationReport> {
  const until = new Date(`${input.today}T00:00:00.000Z`);
  until.setUTCDate(until.getUTCDate() + INVOICE_LEAD_DAYS);
  const report: GenerationReport = { generated: [], positions: [] };
  for (const due of await input.lookup.companiesToInvoice(until.toISOString().slice(0, 10), input.limit ?? 500)) {
    if (invoiceDueFor(due, input.today) === null) continue;
    const invoiceId = await ctx.ids.next('invoice');
    const result = await runCommand(ctx, {
      decider: invoice,
      streamId: streams.invoice(due.companyId, due.dueDate),
      command: { type: 'GenerateInvoice', invoiceId, companyId: due.companyId, dueDate: due.dueDate, terms: due.terms },
      companyId: due.companyId,
      actor: input.actor,
    });
    if (result.events.length > 0) {
      report.generated.push({ companyId: due.companyId, dueDate: due.dueDate, invoiceId });
      if (result.position) report.positions.push(result.position);
    }
  }
  return report;
}
