import { z } from "zod";
import { CARRIERS, ORDER_NOTE_MAX, TRACKING_NUMBER_MAX } from "./order-moves";

/** The admin's order-move form (one schema for the action and the browser). */
export const ORDER_MOVE_FIELDS = ["intent", "trackingNumber", "carrier", "note"] as const;

export const ORDER_MOVE_MESSAGES = {
  unknownMove: "Unknown order action",
  trackingRequired: "Tracking number is required",
  trackingInvalid: `Tracking number: letters, digits, spaces and dashes, at most ${TRACKING_NUMBER_MAX} characters`,
  carrierRequired: "Carrier is required",
  noteTooLong: `Note: at most ${ORDER_NOTE_MAX} characters`,
  noteInvalid: "Note contains characters that are not allowed",
} as const;

// Control characters other than line breaks and tabs have no place in a note.
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const note = z
  .string()
  .trim()
  .max(ORDER_NOTE_MAX, ORDER_MOVE_MESSAGES.noteTooLong)
  .refine((value) => !CONTROL.test(value), ORDER_MOVE_MESSAGES.noteInvalid)
  .transform((value) => value || null);

export const orderMoveSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("ship"),
      trackingNumber: z
        .string()
        .trim()
        .min(1, ORDER_MOVE_MESSAGES.trackingRequired)
        .max(TRACKING_NUMBER_MAX, ORDER_MOVE_MESSAGES.trackingInvalid)
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, ORDER_MOVE_MESSAGES.trackingInvalid),
      carrier: z.enum(CARRIERS, { message: ORDER_MOVE_MESSAGES.carrierRequired }),
      note,
    }),
    ...(["deliver", "cancel", "refund"] as const).map((intent) => z.object({ intent: z.literal(intent), note })),
  ],
  { error: () => ORDER_MOVE_MESSAGES.unknownMove },
);

export type OrderMoveInput = z.output<typeof orderMoveSchema>;
