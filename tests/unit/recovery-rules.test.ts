import { describe, expect, it } from "vitest";
import {
  afterReminder,
  createRecoveryLinks,
  firstReminderDue,
  onReached,
  reminderDue,
  RESTORE_LINK_DAYS,
  secondReminderPercent,
  type CheckoutState,
} from "~/modules/recovery/recovery-rules";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const t0 = new Date("2026-03-02T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

const open = (over: Partial<CheckoutState> = {}): CheckoutState => ({
  status: "open",
  remindersSent: 0,
  consentAt: t0,
  dueAt: firstReminderDue(t0, 60),
  ...over,
});

describe("when a checkout is due a reminder", () => {
  it("the first falls due ABANDONED_CHECKOUT_MINUTES after the visit, not a moment before", () => {
    expect(firstReminderDue(t0, 60)).toEqual(at(HOUR));
    expect(reminderDue(open(), at(HOUR - 1))).toBeNull();
    expect(reminderDue(open(), at(HOUR))).toBe(1);
  });

  it("the second follows the first after 24 hours, and nothing after the second", () => {
    const first = afterReminder(1, at(HOUR));
    expect(first).toEqual({ dueAt: at(HOUR + DAY), status: "open" });
    const state = open({ remindersSent: 1, dueAt: first.dueAt });
    expect(reminderDue(state, at(HOUR + DAY - 1))).toBeNull();
    expect(reminderDue(state, at(HOUR + DAY))).toBe(2);
    expect(afterReminder(2, at(HOUR + DAY))).toEqual({ dueAt: null, status: "done" });
    expect(reminderDue(open({ remindersSent: 2, dueAt: at(0) }), at(DAY * 9))).toBeNull();
  });

  it("never to a shopper who paid since, unsubscribed, or never agreed", () => {
    expect(reminderDue(open(), at(DAY), true)).toBeNull();
    expect(reminderDue(open({ status: "paid" }), at(DAY))).toBeNull();
    expect(reminderDue(open({ status: "unsubscribed" }), at(DAY))).toBeNull();
    expect(reminderDue(open({ consentAt: null }), at(DAY))).toBeNull();
    expect(reminderDue(open({ dueAt: null }), at(DAY))).toBeNull();
  });

  it("a visit pushes an unsent first reminder back; an ended cycle starts afresh; a sent one keeps its second", () => {
    expect(onReached(null, t0, 60)).toEqual({ restart: true, dueAt: at(HOUR) });
    expect(onReached({ status: "open", remindersSent: 0, dueAt: at(HOUR) }, at(30 * MINUTE), 60)).toEqual({
      restart: false,
      dueAt: at(90 * MINUTE),
    });
    expect(onReached({ status: "open", remindersSent: 1, dueAt: at(DAY) }, at(2 * HOUR), 60)).toEqual({
      restart: false,
      dueAt: at(DAY),
    });
    expect(onReached({ status: "done", remindersSent: 2, dueAt: null }, at(3 * DAY), 60)).toEqual({
      restart: true,
      dueAt: at(3 * DAY + HOUR),
    });
  });

  it("the second reminder's code only when the owner turned it on", () => {
    expect(secondReminderPercent({ discountCode: false, percentOff: 10 })).toBeNull();
    expect(secondReminderPercent({ discountCode: true, percentOff: 15 })).toBe(15);
  });
});

describe("the reminder's signed links", () => {
  const links = createRecoveryLinks("a-secret-of-the-shop");
  const id = "0b7f3c8e-7a0e-4b7e-9b3b-2f1d5b6c7d8e";

  it("a restore token names its checkout for 7 days, then is refused", () => {
    const token = links.restoreToken(id, t0);
    expect(links.readRestore(token, at(DAY))?.checkoutId).toBe(id);
    expect(links.readRestore(token, at(RESTORE_LINK_DAYS * DAY - 1000))?.checkoutId).toBe(id);
    expect(links.readRestore(token, at(RESTORE_LINK_DAYS * DAY + 1000))).toBeNull();
  });

  it("refuses a forged, altered or foreign token", () => {
    const token = links.restoreToken(id, t0);
    const [checkout, expires, signature] = token.split(".") as [string, string, string];
    const other = "1b7f3c8e-7a0e-4b7e-9b3b-2f1d5b6c7d8e";
    expect(links.readRestore(`${other}.${expires}.${signature}`, t0)).toBeNull();
    expect(
      links.readRestore(`${checkout}.${(parseInt(expires, 36) + 99_999).toString(36)}.${signature}`, t0),
    ).toBeNull();
    expect(links.readRestore(`${checkout}.${expires}.${signature.slice(0, -2)}AA`, t0)).toBeNull();
    expect(createRecoveryLinks("another-secret").readRestore(token, t0)).toBeNull();
    expect(links.readRestore("garbage", t0)).toBeNull();
    // A token of another purpose (the attribution cookie) is not a restore token.
    expect(links.readRestore(links.attributionValue(id), t0)).toBeNull();
  });

  it("an unsubscribe token names its address (lower-case) and nothing else", () => {
    const token = links.unsubscribeToken("Ada@Example.com");
    expect(links.readUnsubscribe(token)).toBe("ada@example.com");
    const [, signature] = token.split(".") as [string, string];
    expect(links.readUnsubscribe(`${Buffer.from("eve@example.com").toString("base64url")}.${signature}`)).toBeNull();
  });

  it("the attribution cookie's value is checked", () => {
    expect(links.readAttribution(links.attributionValue(id))).toBe(id);
    expect(links.readAttribution(`${id}.forged`)).toBeNull();
    expect(links.readAttribution(undefined)).toBeNull();
  });
});
