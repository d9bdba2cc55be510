import { describe, expect, it } from "vitest";
import { discountStatus, isDiscountStatus, isUsedUp } from "~/modules/promotions/discount-status";

const now = new Date("2026-06-10T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("a discount's status, from its switch and dates", () => {
  it.each([
    ["started, no end", { isEnabled: true, startsAt: at("2026-06-01T00:00:00Z"), endsAt: null }, "active"],
    [
      "started, ends later",
      { isEnabled: true, startsAt: at("2026-06-01T00:00:00Z"), endsAt: at("2026-06-11T00:00:00Z") },
      "active",
    ],
    ["starts this very instant", { isEnabled: true, startsAt: now, endsAt: null }, "active"],
    ["starts a second later", { isEnabled: true, startsAt: at("2026-06-10T12:00:01Z"), endsAt: null }, "scheduled"],
    [
      "ends this very instant (the end is exclusive)",
      { isEnabled: true, startsAt: at("2026-06-01T00:00:00Z"), endsAt: now },
      "expired",
    ],
    [
      "ended yesterday",
      { isEnabled: true, startsAt: at("2026-06-01T00:00:00Z"), endsAt: at("2026-06-09T12:00:00Z") },
      "expired",
    ],
    [
      "switched off while running",
      { isEnabled: false, startsAt: at("2026-06-01T00:00:00Z"), endsAt: null },
      "disabled",
    ],
    [
      "switched off before it starts",
      { isEnabled: false, startsAt: at("2026-07-01T00:00:00Z"), endsAt: null },
      "disabled",
    ],
    [
      "switched off after it ended",
      { isEnabled: false, startsAt: at("2026-05-01T00:00:00Z"), endsAt: at("2026-05-02T00:00:00Z") },
      "disabled",
    ],
  ] as const)("%s", (_, discount, expected) => {
    expect(discountStatus(discount, now)).toBe(expected);
  });

  it("reads dates given as ISO text (as loaders hand them to the browser)", () => {
    expect(discountStatus({ isEnabled: true, startsAt: "2026-06-20T00:00:00.000Z", endsAt: null }, now)).toBe(
      "scheduled",
    );
    expect(
      discountStatus(
        { isEnabled: true, startsAt: "2026-06-01T00:00:00.000Z", endsAt: "2026-06-10T11:59:59.999Z" },
        now,
      ),
    ).toBe("expired");
  });

  it("moves on by itself as time passes", () => {
    const weekend = { isEnabled: true, startsAt: at("2026-06-13T00:00:00Z"), endsAt: at("2026-06-15T00:00:00Z") };
    expect(discountStatus(weekend, at("2026-06-12T23:59:59Z"))).toBe("scheduled");
    expect(discountStatus(weekend, at("2026-06-13T00:00:00Z"))).toBe("active");
    expect(discountStatus(weekend, at("2026-06-14T23:59:59Z"))).toBe("active");
    expect(discountStatus(weekend, at("2026-06-15T00:00:00Z"))).toBe("expired");
  });

  it("knows its statuses, and when uses have run out", () => {
    expect(isDiscountStatus("active")).toBe(true);
    expect(isDiscountStatus("used")).toBe(false);
    expect(isDiscountStatus(undefined)).toBe(false);
    expect(isUsedUp({ usageCount: 10, usageLimit: 10 })).toBe(true);
    expect(isUsedUp({ usageCount: 9, usageLimit: 10 })).toBe(false);
    expect(isUsedUp({ usageCount: 1_000, usageLimit: null })).toBe(false);
  });
});
