import { z } from "zod";
import { RETURN_DISPOSITIONS, type ReturnDisposition } from "#db/schema/returns";
import { checkbox } from "~/lib/form-fields";
import { parseForm, type FieldErrors, type ParseResult } from "~/lib/forms";
import { REFUSAL_REASON_MAX, RETURN_MESSAGES } from "./return-rules";

/**
 * The owner's return-page forms (issue 30), one schema for the action and the browser: the move asked
 * for, a refusal's reason, a note, the refund's 'Refund shipping' box, and for 'Mark as received' a
 * restock / write-off choice per line, posted as `disposition-<line id>`.
 */
export const ADMIN_RETURN_FIELDS = ["intent", "reason", "note", "refundShipping"] as const;
export const ADMIN_RETURN_NOTE_MAX = 500;
export const DISPOSITION_FIELD_PREFIX = "disposition-";
export const dispositionField = (lineId: string) => `${DISPOSITION_FIELD_PREFIX}${lineId}`;

export const ADMIN_RETURN_MESSAGES = {
  unknownMove: "Unknown return action",
  reasonTooLong: `Reason: at most ${REFUSAL_REASON_MAX} characters`,
  noteTooLong: `Note: at most ${ADMIN_RETURN_NOTE_MAX} characters`,
  textInvalid: "Text contains characters that are not allowed",
} as const;

// Control characters other than line breaks and tabs have no place in a reason or a note.
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !CONTROL.test(value), ADMIN_RETURN_MESSAGES.textInvalid)
    .transform((value) => value || null);

const note = text(ADMIN_RETURN_NOTE_MAX, ADMIN_RETURN_MESSAGES.noteTooLong);

export const adminReturnMoveSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), note }),
    z.object({
      intent: z.literal("refuse"),
      reason: z
        .string()
        .trim()
        .min(1, RETURN_MESSAGES.refusalReasonRequired)
        .max(REFUSAL_REASON_MAX, ADMIN_RETURN_MESSAGES.reasonTooLong)
        .refine((value) => !CONTROL.test(value), ADMIN_RETURN_MESSAGES.textInvalid),
      note,
    }),
    z.object({ intent: z.literal("receive"), note }),
    z.object({ intent: z.literal("refund"), refundShipping: checkbox, note }),
    z.object({ intent: z.literal("shipExchange"), note }),
  ],
  { error: () => ADMIN_RETURN_MESSAGES.unknownMove },
);

export type AdminReturnMoveInput = z.output<typeof adminReturnMoveSchema>;

const dispositionSchema = z.enum(RETURN_DISPOSITIONS, { message: RETURN_MESSAGES.dispositionRequired });

/**
 * The posted move, with the dispositions of 'Mark as received' (every `disposition-<id>` field; the
 * store checks that each line of the return has one).
 */
export function parseAdminReturnForm(
  form: FormData,
): ParseResult<AdminReturnMoveInput & { dispositions: Record<string, ReturnDisposition> }> {
  const parsed = parseForm(adminReturnMoveSchema, form, ADMIN_RETURN_FIELDS);
  if (!parsed.ok) return parsed;
  const dispositions: Record<string, ReturnDisposition> = {};
  const errors: FieldErrors = {};
  if (parsed.data.intent === "receive") {
    for (const [name, value] of form) {
      if (!name.startsWith(DISPOSITION_FIELD_PREFIX)) continue;
      const lineId = name.slice(DISPOSITION_FIELD_PREFIX.length);
      const disposition = dispositionSchema.safeParse(value);
      if (!z.uuid().safeParse(lineId).success) continue;
      if (disposition.success) dispositions[lineId] = disposition.data;
      else errors[name] = RETURN_MESSAGES.dispositionRequired;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { ...parsed.data, dispositions } };
}

/** What a return page's action answers (a fetcher's form, or the browser's without JavaScript). */
export interface AdminReturnAnswer {
  intent: string | null;
  ok: boolean;
  message: string;
  errors: FieldErrors;
  /** 'shipExchange': the new order's number, to link to. */
  exchangeOrderNumber?: string | null;
}
