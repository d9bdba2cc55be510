import { z } from "zod";
import type { ReturnReason, ReturnResolution } from "#db/schema/returns";
import type { FieldErrors } from "~/lib/forms";
import {
  RETURN_MESSAGES,
  RETURN_NOTE_MAX,
  RETURN_REASON_LABELS,
  RESOLUTION_LABELS,
} from "~/modules/returns/return-rules";

/**
 * The shopper's return request form (issue 30) as posted: which lines are chosen (`items`, one value per
 * ticked line) and, per line, `<orderItemId>.quantity|reason|note|resolution|exchange` — the same keys
 * the returns store gives its field errors under, so a message from either lands beside its control.
 * Pure: the action parses the post with it, the browser checks the form with it before sending.
 */

export const ITEMS_FIELD = "items";
export const LINE_FIELDS = ["quantity", "reason", "note", "resolution", "exchange"] as const;
export type LineField = (typeof LINE_FIELDS)[number];
export const lineField = (orderItemId: string, field: LineField) => `${orderItemId}.${field}`;

export const RETURN_REASON_VALUES = Object.keys(RETURN_REASON_LABELS) as [ReturnReason, ...ReturnReason[]];
export const RESOLUTION_VALUES = Object.keys(RESOLUTION_LABELS) as [ReturnResolution, ...ReturnResolution[]];

export const RETURN_FORM_MESSAGES = {
  unknownLine: "That item is not part of this order. Reload the page and choose again.",
  quantity: "Enter how many to return (a whole number, at least 1)",
  reason: "Choose a reason",
  resolution: "Choose a refund or an exchange",
  noteTooLong: `Keep the note under ${RETURN_NOTE_MAX} characters`,
  fixBelow: "Please check the items marked below.",
} as const;

/** What the form knows of each line of the order (the loader's request form). */
export interface RequestFormLine {
  orderItemId: string;
  productName: string;
  returnable: number;
  options: ReadonlyArray<{ variantId: string }>;
}

export interface ParsedReturnLine {
  orderItemId: string;
  quantity: number;
  reason: ReturnReason;
  note: string | null;
  resolution: ReturnResolution;
  exchangeVariantId: string | null;
}

export type ParsedReturnRequest =
  | { ok: true; lines: ParsedReturnLine[] }
  /** `forged`: a line or a replacement the form never offered (a 400 whatever else is wrong). */
  | { ok: false; forged: boolean; message: string; errors: FieldErrors };

const UUID = z.uuid();

const lineSchema = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, RETURN_FORM_MESSAGES.quantity)
    .transform(Number)
    .pipe(z.number().int().min(1, RETURN_FORM_MESSAGES.quantity)),
  reason: z.enum(RETURN_REASON_VALUES, { error: RETURN_FORM_MESSAGES.reason }),
  note: z.string().max(RETURN_NOTE_MAX, RETURN_FORM_MESSAGES.noteTooLong),
  resolution: z.enum(RESOLUTION_VALUES, { error: RETURN_FORM_MESSAGES.resolution }),
  exchange: z.string(),
});

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The request in a posted form, checked against the order's lines: the lines to ask for, or the first
 * message of each field (and one for the whole form).
 */
export function parseReturnRequest(form: FormData, lines: readonly RequestFormLine[]): ParsedReturnRequest {
  const byId = new Map(lines.map((line) => [line.orderItemId, line]));
  const chosen = [...new Set(form.getAll(ITEMS_FIELD).filter((value): value is string => typeof value === "string"))];
  if (chosen.some((id) => !UUID.safeParse(id).success || !byId.has(id))) {
    return { ok: false, forged: true, message: RETURN_FORM_MESSAGES.unknownLine, errors: {} };
  }
  if (chosen.length === 0) {
    return {
      ok: false,
      forged: false,
      message: RETURN_MESSAGES.noItems,
      errors: { [ITEMS_FIELD]: RETURN_MESSAGES.noItems },
    };
  }
  const errors: FieldErrors = {};
  const parsed: ParsedReturnLine[] = [];
  let forged = false;
  for (const id of chosen) {
    const line = byId.get(id)!;
    const raw = Object.fromEntries(LINE_FIELDS.map((field) => [field, text(form, lineField(id, field))]));
    const result = lineSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = lineField(id, String(issue.path[0]) as LineField);
        errors[key] ??= issue.message;
      }
      continue;
    }
    const { quantity, reason, note, resolution, exchange } = result.data;
    if (quantity > line.returnable) {
      errors[lineField(id, "quantity")] = RETURN_MESSAGES.tooMany(line.productName, line.returnable);
    }
    if (reason === "other" && !note.trim()) errors[lineField(id, "note")] = RETURN_MESSAGES.noteRequired;
    let exchangeVariantId: string | null = null;
    if (resolution === "exchange") {
      if (!exchange) {
        errors[lineField(id, "exchange")] = RETURN_MESSAGES.chooseReplacement;
      } else if (!UUID.safeParse(exchange).success || !line.options.some((o) => o.variantId === exchange)) {
        forged = true;
        errors[lineField(id, "exchange")] = RETURN_MESSAGES.replacementUnavailable;
      } else {
        exchangeVariantId = exchange;
      }
    }
    parsed.push({ orderItemId: id, quantity, reason, note: note.trim() || null, resolution, exchangeVariantId });
  }
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]!;
    return { ok: false, forged, message: chosen.length > 1 ? RETURN_FORM_MESSAGES.fixBelow : first, errors };
  }
  return { ok: true, lines: parsed };
}

/** What the shopper typed, to show again after a refusal: the ticked lines and every line field. */
export interface TypedReturnRequest {
  items: string[];
  fields: Record<string, string>;
}

export function typedReturnRequest(form: FormData, lines: readonly RequestFormLine[]): TypedReturnRequest {
  const ids = new Set(lines.map((line) => line.orderItemId));
  const fields: Record<string, string> = {};
  for (const id of ids) {
    for (const field of LINE_FIELDS) {
      const name = lineField(id, field);
      if (form.has(name)) fields[name] = text(form, name).slice(0, RETURN_NOTE_MAX * 2);
    }
  }
  return {
    items: form.getAll(ITEMS_FIELD).filter((v): v is string => typeof v === "string" && ids.has(v)),
    fields,
  };
}
