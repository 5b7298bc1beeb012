/**
 * Spreadsheet cells the product writes (every .xlsx and .csv export): a text that a spreadsheet
 * program would read as a formula or a command (OWASP's CSV injection: it starts with = + - @, a tab
 * or a carriage return) gets a leading apostrophe. Contact names and customers' messages are written
 * by outsiders; an xlsx keeps them as text, but a CSV saved from it would run them again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A row of cells, each made safe (keys kept). */
export function safeCells<T extends Record<string, unknown>>(row: T): { [K in keyof T]: T[K] | string } {
  const out = {} as { [K in keyof T]: T[K] | string };
  for (const key of Object.keys(row) as (keyof T)[]) out[key] = safeCell(row[key]);
  return out;
}
