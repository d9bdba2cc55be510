import { z } from "zod";
import { ORDER_NOTE_MAX } from "#db/schema/order-notes";
import { formatCents } from "~/lib/money";
import { historyChangeText } from "./order-words";

/**
 * An order's timeline (issue 32): its status and payment changes, notifications, refunds, return steps and
 * staff's internal notes, merged newest first (as Shopify's). Pure: the reads are in order-timeline.server.ts.
 */

export const TIMELINE_KINDS = ["status", "notification", "refund", "return", "note", "draft"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEntry {
  /** Unique within the timeline: the kind and the source row's id. */
  key: string;
  kind: TimelineKind;
  /** ISO 8601. */
  at: string;
  /** What happened, in a few words. */
  text: string;
  /** Who did it, where known ('System', 'Customer', a staff member's name, 'shared password'). */
  actor: string | null;
  /** More words: a status change's note, a failed message's error, a note's text. */
  detail: string | null;
}

/** Same instant: the order's own change first, then what followed from it (oldest-first reading order). */
const KIND_RANK: Record<TimelineKind, number> = { draft: 0, status: 1, refund: 2, return: 3, notification: 4, note: 5 };

/**
 * The entries of every source, newest first. Ties in time keep a fixed order (reverse of the causal order
 * status → refund → return → notification → note, then by key) so a page reads the same on every load.
 */
export function mergeTimeline(...sources: ReadonlyArray<readonly TimelineEntry[]>): TimelineEntry[] {
  const all = sources.flat();
  const time = (e: TimelineEntry) => Date.parse(e.at);
  return all.sort(
    (a, b) =>
      time(b) - time(a) || KIND_RANK[b.kind] - KIND_RANK[a.kind] || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0),
  );
}

export interface StatusRow {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  fromPaymentStatus: string | null;
  toPaymentStatus: string;
  actorName: string;
  note: string | null;
  createdAt: Date;
}

export const statusEntry = (row: StatusRow, paymentMethod: string | null): TimelineEntry => ({
  key: `status:${row.id}`,
  kind: "status",
  at: row.createdAt.toISOString(),
  text: historyChangeText(row, paymentMethod),
  actor: row.actorName,
  detail: row.note,
});

export interface NotificationRow {
  id: string;
  channel: string;
  notificationType: string;
  audience: string;
  status: string;
  errorMessage: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const CHANNEL_WORDS: Record<string, string> = { email: "E-mail", whatsapp: "WhatsApp" };
const NOTIFICATION_STATES: Record<string, string> = {
  pending: "queued",
  sent: "sent",
  delivered: "delivered",
  failed: "failed",
};

/** A message: when it was sent (or failed, or was queued), by channel, to whom. */
export function notificationEntry(row: NotificationRow): TimelineEntry {
  const to = row.audience === "owner" ? " to the owner" : " to the customer";
  const type = row.notificationType.replace(/_/g, " ");
  const at = row.status === "failed" ? row.updatedAt : (row.sentAt ?? row.createdAt);
  return {
    key: `notification:${row.id}`,
    kind: "notification",
    at: at.toISOString(),
    text: `${CHANNEL_WORDS[row.channel] ?? row.channel} '${type}'${to} ${NOTIFICATION_STATES[row.status] ?? row.status}`,
    actor: null,
    detail: row.status === "failed" ? row.errorMessage : null,
  };
}

export interface RefundRow {
  id: string;
  amountCents: number;
  method: string;
  rmaNumber: string | null;
  createdAt: Date;
}

export const refundEntry = (row: RefundRow): TimelineEntry => ({
  key: `refund:${row.id}`,
  kind: "refund",
  at: row.createdAt.toISOString(),
  text: `Refunded ${formatCents(row.amountCents)} (${row.method === "paypal" ? "PayPal" : "manual"})${row.rmaNumber ? ` for ${row.rmaNumber}` : ""}`,
  actor: null,
  detail: null,
});

export interface ReturnStepRow {
  id: string;
  rmaNumber: string;
  step: string;
  actorName: string;
  note: string | null;
  createdAt: Date;
}

export const returnEntry = (row: ReturnStepRow): TimelineEntry => ({
  key: `return:${row.id}`,
  kind: "return",
  at: row.createdAt.toISOString(),
  text: `Return ${row.rmaNumber}: ${row.step.replace(/_/g, " ")}`,
  actor: row.actorName,
  detail: row.note,
});

export interface NoteRow {
  id: string;
  authorName: string;
  body: string;
  createdAt: Date;
}

export const noteEntry = (row: NoteRow): TimelineEntry => ({
  key: `note:${row.id}`,
  kind: "note",
  at: row.createdAt.toISOString(),
  text: "Internal note",
  actor: row.authorName,
  detail: row.body,
});

/** What the shared password's notes are signed with. */
export const SHARED_PASSWORD_AUTHOR = "shared password";

export const NOTE_INTENT = "note";

/** The note form: its text, trimmed, 1 to 2,000 characters. */
export const noteFormSchema = z.object({
  body: z
    .string({ message: "Write a note." })
    .trim()
    .min(1, "Write a note.")
    .max(ORDER_NOTE_MAX, `A note is at most ${ORDER_NOTE_MAX.toLocaleString("en-US")} characters.`),
});

export interface DraftEventRow {
  id: string;
  draftNumber: number;
  kind: string;
  actorName: string;
  note: string | null;
  createdAt: Date;
}

const DRAFT_EVENT_WORDS: Record<string, string> = {
  created: "created",
  saved: "saved",
  link_sent: "payment link sent",
  link_resent: "payment link sent again",
  mail_failed: "payment link e-mail failed",
  cancelled: "cancelled",
};

/** A draft order's step (issue 32): created, saved, its link sent, its mail failed, cancelled. Paid and expired are status changes. */
export const draftEntry = (row: DraftEventRow): TimelineEntry => ({
  key: `draft:${row.id}`,
  kind: "draft",
  at: row.createdAt.toISOString(),
  text: `Draft D${row.draftNumber} ${DRAFT_EVENT_WORDS[row.kind] ?? row.kind.replace(/_/g, " ")}`,
  actor: row.actorName,
  detail: row.note,
});
