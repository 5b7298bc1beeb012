/**
 * The checkout's custom plan: at least 3 users and 3 connections for 49, each user more 11 and
 * each connection more 20, monthly, in reais. The UI shows it and the server charges it: one function.
 */
export const CUSTOM_PLAN = { minUsers: 3, minConnections: 3, base: 49, perUser: 11, perConnection: 20, maxUsers: 999, maxConnections: 999 } as const;

export function customPlanPrice(users: number, connections: number): number {
  const extraUsers = Math.max(0, Math.floor(users) - CUSTOM_PLAN.minUsers);
  const extraConnections = Math.max(0, Math.floor(connections) - CUSTOM_PLAN.minConnections);
  return CUSTOM_PLAN.base + extraUsers * CUSTOM_PLAN.perUser + extraConnections * CUSTOM_PLAN.perConnection;
}

/** A value in reais as the screens show it: pt-BR, 2 decimals ("R$ 1.234,50"). */
export const formatBrl = (value: number): string => `R$ ${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The invoice list's status line: paid, overdue (due before today, not paid) or open. */
export type InvoiceDisplayStatus = 'paid' | 'overdue' | 'open';
export function invoiceDisplayStatus(invoice: { status: 'open' | 'paid'; dueDate: string }, today: string): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}
