/**
 * The audit trail's diff (issue 32): which fields a write changed, as `{ field: [before, after] }`.
 * Pure, shared by every writer. Lists compare by their items, plain objects by their keys, dates by their
 * instant (recorded as ISO text), so re-saving an unchanged form records nothing.
 *
 *  - `fieldChanges(before, after)`: the fields `after` names (a field `undefined` in `after` is not part
 *    of the write) whose value differs from `before`'s;
 *  - `fieldChanges(null, after)`: a creation, every field `after` gives a value (null and '' left out);
 *  - `fieldChanges(before, null)`: a deletion, every field `before` had a value.
 */
export type FieldChanges = Record<string, [unknown, unknown]>;

type Fields = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Whether two values are the same for the audit: deep for lists and plain objects, by instant for dates. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    return (
      keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length &&
      keys.every((key) => sameValue(a[key], b[key]))
    );
  }
  return a === b || (a == null && b == null);
}

/** A value as the audit row keeps it (JSON): dates as ISO text, undefined as null. */
function recorded(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(recorded);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, recorded(v)]));
  return value;
}

const empty = (value: unknown) => value === undefined || value === null || value === "";

export function fieldChanges(before: Fields | null, after: Fields | null): FieldChanges {
  const changes: FieldChanges = {};
  if (before === null && after === null) return changes;
  if (before === null) {
    for (const [field, value] of Object.entries(after!)) if (!empty(value)) changes[field] = [null, recorded(value)];
    return changes;
  }
  if (after === null) {
    for (const [field, value] of Object.entries(before)) if (!empty(value)) changes[field] = [recorded(value), null];
    return changes;
  }
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field];
    if (!sameValue(old, value)) changes[field] = [recorded(old), recorded(value)];
  }
  return changes;
}

/** Whether a diff holds anything. */
export const hasChanges = (changes: FieldChanges): boolean => Object.keys(changes).length > 0;
