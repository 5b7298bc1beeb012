import type { DashboardSeries } from '@conversa/contracts';

/** About this many ticks on a count axis: enough to read, few enough not to crowd a small chart. */
const TICKS = 5;

/**
 * The ticks of an axis that counts tickets: whole numbers only (nivo's own ticks split a count of
 * 1 or 3 into halves), from 0 to at least the largest value, in steps of 1, 2, 5, 10, 20, 50 …
 */
export function integerTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let magnitude = 1; top / step > TICKS; magnitude *= 10) {
    step = [1, 2, 5].map((factor) => factor * magnitude).find((candidate) => top / candidate <= TICKS) ?? 10 * magnitude;
  }
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) ticks.push(value);
  return ticks;
}

/** A series with nothing to draw: no points, or every point zero (a period without tickets). */
export const isEmptySeries = (series: DashboardSeries): boolean => series.data.every((point) => point.total === 0);

/** The longest category name a horizontal chart's 100 px margin shows whole; longer ones end in an ellipsis (the tooltip has them whole). */
export const CATEGORY_LABEL_MAX = 14;

export function shortLabel(label: string): string {
  const characters = Array.from(label);
  return characters.length > CATEGORY_LABEL_MAX ? `${characters.slice(0, CATEGORY_LABEL_MAX - 1).join('')}…` : label;
}
