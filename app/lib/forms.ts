import type { z } from "zod";

/**
 * What every form of the shop shares, in its action and in the browser (the form kit,
 * components/ui/use-zod-form.ts): read only the listed fields of a form, check them with the
 * form's Zod schema, keep the first message of each field, and find the first field to fix.
 * No domain rules here: the schemas live with their modules. Nothing here runs Zod itself (the
 * schema is passed in), so a page whose form checks are loaded later does not load Zod with the kit;
 * the Zod fields every form shares are in lib/form-fields.ts.
 */

export type FieldErrors = Partial<Record<string, string>>;
export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export const EMAIL_MESSAGES = {
  required: "Email is required",
  invalid: "Invalid email address",
} as const;

/** Whether a checkbox was ticked, as browsers send it: "on" (or "true"); nothing otherwise. */
export const isTicked = (value: string) => value === "on" || value === "true";

/** Only the named fields of a form, as text ("" when missing or not text). Nothing else is read. */
export function readFields<const K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value : "";
  }
  return out;
}

/** The first message of each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Parses plain values (from a form or component state) with a schema: the data, or the first message per field. */
export function parseValues<S extends z.ZodType>(schema: S, values: Record<string, unknown>): ParseResult<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Parses the named fields of a submitted form with a schema. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  names: readonly string[],
): ParseResult<z.output<S>> {
  return parseValues(schema, readFields(form, names));
}

/**
 * Whether a request is the browser's own navigation (a form posted without JavaScript), not a fetch
 * of the page's scripts: the page is then rendered from this very request, cookies and all.
 */
export function isDocumentRequest(request: Request): boolean {
  return request.headers.get("sec-fetch-dest") === "document";
}

/** Whether any field has a message. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The controls that have a message, in the order given (the page's order). */
export function invalidInOrder<T extends { name: string }>(controls: Iterable<T>, errors: FieldErrors): T[] {
  return Array.from(controls).filter((control) => control.name !== "" && Boolean(errors[control.name]));
}

/** The first field, in the order given, that has a message; null when there is none. */
export function firstInvalid(names: readonly string[], errors: FieldErrors): string | null {
  return (
    invalidInOrder(
      names.map((name) => ({ name })),
      errors,
    )[0]?.name ?? null
  );
}

/**
 * The messages after checking some fields again: those fields get the new messages (or none);
 * every other field keeps its own (the other step of a form, say).
 */
export function mergeErrors(current: FieldErrors, checked: readonly string[], found: FieldErrors): FieldErrors {
  const kept = Object.fromEntries(
    Object.entries(current).filter(([name, message]) => message && !checked.includes(name)),
  );
  return { ...kept, ...found };
}

/** The messages without the one of a field the shopper has just changed. */
export function withoutError(errors: FieldErrors, name: string): FieldErrors {
  if (!errors[name]) return errors;
  const rest = { ...errors };
  delete rest[name];
  return rest;
}
