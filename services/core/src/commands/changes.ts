/** Only the fields whose value differs: a change event records what changed, not the whole form. */
export function changedFields<T extends object>(current: T, proposed: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(proposed) as (keyof T)[]) {
    const value = proposed[key];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current[key])) changes[key] = value;
  }
  return changes;
}
