/** Due dates travel as ISO calendar dates (YYYY-MM-DD); they are compared as local calendar days, never as instants. */

const parseIsoDate = (iso: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};

/** DD/MM/YYYY, the spec's date format. */
export const formatDate = (iso: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
};

/** DD/MM/YYYY HH:mm:ss in the browser's time zone: an instant as the product's screens show one (never the browser's locale order). */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

const DAY_MS = 86_400_000;

/** Whole calendar days from `today` to the due date; negative when already past. */
export const daysUntil = (iso: string, today: Date): number => {
  const due = parseIsoDate(iso);
  if (!due) return Number.POSITIVE_INFINITY;
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((due.getTime() - start.getTime()) / DAY_MS);
};

export type SubscriptionState = { kind: 'expired'; date: string } | { kind: 'expiring'; days: number } | { kind: 'active' };

/** Past due → the financial screen; fewer than `warningDays` left → a warning. */
export const subscriptionState = (dueDate: string, today: Date, warningDays: number): SubscriptionState => {
  const days = daysUntil(dueDate, today);
  if (days < 0) return { kind: 'expired', date: formatDate(dueDate) };
  if (days < warningDays) return { kind: 'expiring', days };
  return { kind: 'active' };
};
