/**
 * The audit trail's pure part: which fields a write changed. A change is `{ field: [old, new] }`;
 * lists compare by their items, dates by their instant, so re-saving an unchanged form records nothing.
 */
export type FieldChanges = Record<string, [unknown, unknown]>;

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]));
  }
  return a === b || (a == null && b == null);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** The fields of `after` whose value differs from `before` (only the fields `after` names). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field];
    if (!same(old, value)) changes[field] = [old ?? null, value ?? null];
  }
  return changes;
}
