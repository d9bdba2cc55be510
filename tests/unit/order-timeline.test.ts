import { describe, expect, it } from "vitest";
import {
  mergeTimeline,
  noteEntry,
  noteFormSchema,
  notificationEntry,
  refundEntry,
  returnEntry,
  statusEntry,
  type TimelineEntry,
} from "~/modules/orders/order-timeline";

const at = (iso: string) => new Date(iso);
const entry = (key: string, kind: TimelineEntry["kind"], iso: string): TimelineEntry => ({
  key,
  kind,
  at: iso,
  text: key,
  actor: null,
  detail: null,
});

describe("mergeTimeline", () => {
  it("merges every source newest first", () => {
    const merged = mergeTimeline(
      [entry("status:1", "status", "2026-11-01T10:00:00Z"), entry("status:2", "status", "2026-11-03T10:00:00Z")],
      [entry("notification:1", "notification", "2026-11-02T10:00:00Z")],
      [entry("note:1", "note", "2026-11-04T10:00:00Z")],
      [],
    );
    expect(merged.map((e) => e.key)).toEqual(["note:1", "status:2", "notification:1", "status:1"]);
  });

  it("orders ties in time the same way every time: what followed from a change above the change", () => {
    const same = "2026-11-01T10:00:00.000Z";
    const inputs = [
      entry("status:a", "status", same),
      entry("notification:a", "notification", same),
      entry("refund:a", "refund", same),
      entry("return:a", "return", same),
      entry("note:a", "note", same),
      entry("note:b", "note", same),
    ];
    const expected = ["note:b", "note:a", "notification:a", "return:a", "refund:a", "status:a"];
    expect(mergeTimeline(inputs).map((e) => e.key)).toEqual(expected);
    expect(mergeTimeline([...inputs].reverse()).map((e) => e.key)).toEqual(expected);
  });

  it("compares instants, not text (a different offset)", () => {
    const merged = mergeTimeline([
      entry("a", "status", "2026-11-01T10:00:00+02:00"),
      entry("b", "status", "2026-11-01T09:00:00Z"),
    ]);
    expect(merged.map((e) => e.key)).toEqual(["b", "a"]);
  });
});

describe("timeline entries", () => {
  it("words a status change, a message, a refund, a return step and a note", () => {
    const base = {
      fromStatus: null,
      fromPaymentStatus: null,
      actorName: "Customer",
      note: null,
      createdAt: at("2026-11-01T10:00:00Z"),
    };
    expect(statusEntry({ id: "1", ...base, toStatus: "pending", toPaymentStatus: "pending" }, "demo").text).toBe(
      "Placed, awaiting payment",
    );
    const failed = notificationEntry({
      id: "n",
      channel: "whatsapp",
      notificationType: "order_shipped",
      audience: "customer",
      status: "failed",
      errorMessage: "Invalid number",
      sentAt: null,
      createdAt: at("2026-11-01T10:00:00Z"),
      updatedAt: at("2026-11-01T10:05:00Z"),
    });
    expect(failed).toMatchObject({
      text: "WhatsApp 'order shipped' to the customer failed",
      detail: "Invalid number",
      at: "2026-11-01T10:05:00.000Z",
    });
    expect(
      refundEntry({
        id: "r",
        amountCents: 2500,
        method: "paypal",
        rmaNumber: "RMA-1-1",
        createdAt: at("2026-11-02T00:00:00Z"),
      }).text,
    ).toBe("Refunded $25.00 (PayPal) for RMA-1-1");
    expect(
      returnEntry({
        id: "s",
        rmaNumber: "RMA-1-1",
        step: "exchange_created",
        actorName: "Ann",
        note: null,
        createdAt: at("2026-11-02T00:00:00Z"),
      }),
    ).toMatchObject({ text: "Return RMA-1-1: exchange created", actor: "Ann" });
    expect(
      noteEntry({ id: "x", authorName: "shared password", body: "Hi", createdAt: at("2026-11-02T00:00:00Z") }),
    ).toMatchObject({ kind: "note", actor: "shared password", detail: "Hi" });
  });
});

describe("noteFormSchema", () => {
  it("trims and takes 1 to 2,000 characters", () => {
    expect(noteFormSchema.parse({ body: "  ok  " }).body).toBe("ok");
    expect(noteFormSchema.safeParse({ body: "   " }).error?.issues[0]?.message).toBe("Write a note.");
    expect(noteFormSchema.safeParse({ body: "x".repeat(2000) }).success).toBe(true);
    expect(noteFormSchema.safeParse({ body: "x".repeat(2001) }).error?.issues[0]?.message).toBe(
      "A note is at most 2,000 characters.",
    );
  });
});
