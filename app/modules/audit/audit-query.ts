/**
 * The audit log page's search as it lives in the URL (issue 32):
 * `/admin/audit?actor=&type=&object=&from=&to=&before=`. Pure; shared by the loader and the page.
 * Parsing never fails: a value that makes no sense is dropped. Pages are keyset pages, newest first:
 * `before` is the last entry of the page read (`<created_at ISO with microseconds>_<id>`).
 */

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_OBJECT_SEARCH_MAX = 100;

/** The kinds of object the back office writes, and their words. */
export const AUDIT_OBJECT_TYPES = [
  "product",
  "group",
  "size-chart",
  "order",
  "return",
  "discount",
  "sale",
  "review",
  "settings",
  "notification",
  "staff",
  "draft-order",
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AUDIT_OBJECT_LABELS: Record<AuditObjectType, string> = {
  product: "Product",
  group: "Product group",
  "size-chart": "Size chart",
  order: "Order",
  return: "Return",
  discount: "Discount",
  sale: "Scheduled sale",
  review: "Review",
  settings: "Settings",
  notification: "Notification",
  staff: "Staff",
  "draft-order": "Draft order",
};

/** The person filter's value for every entry made with the shared password. */
export const SHARED_PASSWORD_ACTOR = "shared-password";

export interface AuditCursor {
  /** created_at as ISO text to the microsecond. */
  at: string;
  id: number;
}

export interface AuditQuery {
  /** A staff account's id, SHARED_PASSWORD_ACTOR, or '' for everyone. */
  actor: string;
  type: AuditObjectType | "";
  /** An object's id (exact) or the start of its name (any case). */
  object: string;
  /** Days on the shop's clock, `YYYY-MM-DD`, both included; '' for open. */
  from: string;
  to: string;
  before: AuditCursor | null;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f]/g;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(\d{1,18})$/;

function realDay(text: string): string {
  if (!DAY.test(text)) return "";
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : "";
}

export function parseAuditCursor(text: string | null): AuditCursor | null {
  const match = CURSOR.exec(text ?? "");
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && !Number.isNaN(new Date(match[1]!).getTime()) ? { at: match[1]!, id } : null;
}

export const auditCursorText = (cursor: AuditCursor): string => `${cursor.at}_${cursor.id}`;

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const clean = (name: string, max: number) =>
    (params.get(name) ?? "").replace(CONTROL, "").trim().slice(0, max).trim();
  const type = clean("type", 40);
  let from = realDay(clean("from", 10));
  let to = realDay(clean("to", 10));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    actor: clean("actor", 200),
    type: (AUDIT_OBJECT_TYPES as readonly string[]).includes(type) ? (type as AuditObjectType) : "",
    object: clean("object", AUDIT_OBJECT_SEARCH_MAX),
    from,
    to,
    before: parseAuditCursor(params.get("before")),
  };
}

export function auditSearchParams(query: Partial<AuditQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.actor) params.set("actor", query.actor);
  if (query.type) params.set("type", query.type);
  if (query.object) params.set("object", query.object);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.before) params.set("before", auditCursorText(query.before));
  return params;
}

const VERBS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  dissolve: "Dissolved",
  duplicate: "Duplicated",
  flag: "Switched",
  bulk: "Bulk-edited",
  import: "Imported",
  demo: "Loaded the demo of",
  photo: "Changed the photos of",
  status: "Moved",
  ship: "Shipped",
  deliver: "Delivered",
  cancel: "Cancelled",
  refund: "Refunded",
  note: "Noted",
  test: "Made a test",
  "mark-paid": "Marked paid",
  approve: "Approved",
  refuse: "Refused",
  receive: "Received",
  exchange: "Exchanged",
  close: "Closed",
  codes: "Made codes for",
  enable: "Enabled",
  disable: "Disabled",
  send: "Sent",
  hide: "Hid",
  publish: "Published",
  invite: "Invited",
  "change-role": "Changed the role of",
  "revoke-invitation": "Withdrew the invitation to",
  join: "Joined",
  remove: "Removed",
};

/** 'product.update' → 'Updated product'; an action this list does not know reads as it is. */
export function auditActionText(action: string, objectType: string): string {
  const verb = action.includes(".") ? action.slice(action.indexOf(".") + 1) : action;
  const noun = (AUDIT_OBJECT_LABELS[objectType as AuditObjectType] ?? objectType).toLowerCase();
  const words = VERBS[verb];
  return words ? `${words} ${noun}` : `${noun}: ${verb.replaceAll("-", " ")}`;
}

const VALUE_MAX = 200;

/** A recorded value as the page shows it: '—' for none, lists joined, anything else as short JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string" || typeof item === "number"))
    return value.length === 0 ? "—" : auditValueText(value.join(", "));
  return auditValueText(JSON.stringify(value));
}
