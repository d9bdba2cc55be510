/**
 * What a settings save changed, field by field, for the audit trail: `{ "rates.standard": [999, 1099] }`.
 * Objects are walked to their leaves; arrays and values compare whole (as JSON). Pure.
 */
export function settingsChanges(before: unknown, after: unknown, prefix = ""): Record<string, [unknown, unknown]> {
  if (isPlainObject(before) && isPlainObject(after)) {
    const out: Record<string, [unknown, unknown]> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      Object.assign(out, settingsChanges(before[key], after[key], prefix ? `${prefix}.${key}` : key));
    }
    return out;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return {};
  return { [prefix || "value"]: [before ?? null, after ?? null] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
