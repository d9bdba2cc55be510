import { describe, expect, it } from "vitest";
import { parseValues } from "~/lib/forms";
import { salePrices } from "~/modules/product-admin/product-flags";
import {
  dueSales,
  dueStep,
  fromZonedInput,
  MAX_SALE_PRODUCTS,
  moveEndSchema,
  parseIds,
  regularPriceOf,
  saleActions,
  saleFormSchema,
  SALE_MESSAGES,
  saleStatus,
  saleStillStands,
  scheduledSalePrices,
  skippedTimeMessage,
  toZonedInput,
  type SaleTiming,
} from "~/modules/promotions/scheduled-sale-rules";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const NY = "America/New_York";

describe("the prices a scheduled sale sets", () => {
  it.each([
    // price, compare-at, percent → sale price, compare-at kept
    [10_000, null, 20, 8_000, 10_000],
    [2_999, null, 15, 2_549, 2_999], // 2549.15 → 2549
    [1_999, null, 25, 1_499, 1_999], // 1499.25 → 1499
    [1_990, null, 25, 1_493, 1_990], // 1492.5 → 1493 (half up)
    [999, null, 95, 50, 999], // 49.95 → 50
    // Already on sale: the compare-at price is the regular price, the sale takes off that.
    [6_000, 8_000, 25, 6_000, 8_000],
    [7_000, 8_000, 50, 4_000, 8_000],
    // A compare-at price at or below the price is no sale: the price is the regular one.
    [5_000, 4_000, 10, 4_500, 5_000],
    [5_000, 5_000, 10, 4_500, 5_000],
  ])("price %i compare-at %s at %i%% off → %i (compare-at %i)", (price, compare, percent, salePrice, compareAt) => {
    const prices = scheduledSalePrices({ priceCents: price, compareAtCents: compare }, percent);
    expect(prices).toEqual({ priceCents: salePrice, compareAtCents: compareAt });
    // The same rule as the bulk 'Mark as Sale'.
    expect(prices).toEqual(salePrices({ priceCents: price, compareAtCents: compare }, percent));
  });

  it("leaves out a product the sale would not make cheaper", () => {
    expect(scheduledSalePrices({ priceCents: 0, compareAtCents: null }, 50)).toBeNull();
    expect(scheduledSalePrices({ priceCents: 1, compareAtCents: null }, 10)).toBeNull(); // 0.9 → 1
    expect(scheduledSalePrices({ priceCents: 1, compareAtCents: null }, 60)).toEqual({
      priceCents: 0,
      compareAtCents: 1,
    });
  });

  it("puts back prior prices only where the sale's prices still stand", () => {
    const snapshot = { priorPriceCents: 5_000, priorCompareAtCents: null, salePriceCents: 4_000 };
    expect(regularPriceOf({ priceCents: 5_000, compareAtCents: null })).toBe(5_000);
    expect(regularPriceOf({ priceCents: 6_000, compareAtCents: 8_000 })).toBe(8_000);
    expect(saleStillStands({ priceCents: 4_000, compareAtCents: 5_000 }, snapshot)).toBe(true);
    // The owner repriced it, or took it off sale, or set another compare-at price: their change stays.
    expect(saleStillStands({ priceCents: 3_500, compareAtCents: 5_000 }, snapshot)).toBe(false);
    expect(saleStillStands({ priceCents: 5_000, compareAtCents: null }, snapshot)).toBe(false);
    expect(saleStillStands({ priceCents: 4_000, compareAtCents: 6_000 }, snapshot)).toBe(false);
    // Already on sale before: the sale's compare-at is the earlier one.
    const onSale = { priorPriceCents: 6_000, priorCompareAtCents: 8_000, salePriceCents: 6_000 };
    expect(saleStillStands({ priceCents: 6_000, compareAtCents: 8_000 }, onSale)).toBe(true);
  });
});

describe("which step a sale is due for", () => {
  const at = (iso: string) => new Date(iso);
  const sale = (fields: Partial<SaleTiming> = {}): SaleTiming => ({
    state: "scheduled",
    isEnabled: true,
    startsAt: at("2026-06-01T12:00:00Z"),
    endsAt: at("2026-06-03T12:00:00Z"),
    ...fields,
  });

  it("starts an enabled scheduled sale from its start to its end", () => {
    expect(dueStep(sale(), at("2026-06-01T11:59:59Z"))).toBeNull();
    expect(dueStep(sale(), at("2026-06-01T12:00:00Z"))).toBe("start");
    expect(dueStep(sale(), at("2026-06-02T00:00:00Z"))).toBe("start");
    expect(dueStep(sale({ isEnabled: false }), at("2026-06-02T00:00:00Z"))).toBeNull();
  });

  it("ends a running sale at its end, or at once when disabled", () => {
    const running = sale({ state: "running" });
    expect(dueStep(running, at("2026-06-03T11:59:59Z"))).toBeNull();
    expect(dueStep(running, at("2026-06-03T12:00:00Z"))).toBe("end");
    expect(dueStep({ ...running, isEnabled: false }, at("2026-06-02T00:00:00Z"))).toBe("end");
  });

  it("marks a scheduled sale whose end has passed as missed, enabled or not, and leaves ended ones alone", () => {
    expect(dueStep(sale(), at("2026-06-03T12:00:00Z"))).toBe("miss");
    expect(dueStep(sale({ isEnabled: false }), at("2026-06-04T00:00:00Z"))).toBe("miss");
    expect(dueStep(sale({ state: "ended" }), at("2026-06-04T00:00:00Z"))).toBeNull();
  });

  it("lists the due ones with ends first, then misses, then starts by start", () => {
    const now = at("2026-06-02T00:00:00Z");
    const later = sale({ startsAt: at("2026-06-01T18:00:00Z") });
    const earlier = sale({ startsAt: at("2026-06-01T06:00:00Z") });
    const ending = sale({ state: "running", endsAt: at("2026-06-01T23:00:00Z") });
    const missed = sale({ endsAt: at("2026-06-01T20:00:00Z"), startsAt: at("2026-06-01T00:00:00Z") });
    const notYet = sale({ startsAt: at("2026-06-05T00:00:00Z"), endsAt: at("2026-06-06T00:00:00Z") });
    const due = dueSales([later, notYet, earlier, missed, ending], now);
    expect(due.map((d) => d.step)).toEqual(["end", "miss", "start", "start"]);
    expect(due[2]!.sale).toBe(earlier);
    expect(due[3]!.sale).toBe(later);
  });

  it("reads a switched-off sale as disabled, and offers what its state allows", () => {
    expect(saleStatus({ state: "running", isEnabled: true })).toBe("running");
    expect(saleStatus({ state: "scheduled", isEnabled: false })).toBe("disabled");
    expect(saleStatus({ state: "ended", isEnabled: false })).toBe("disabled");
    expect(saleActions({ state: "scheduled", isEnabled: true })).toMatchObject({
      edit: true,
      moveEnd: false,
      disable: true,
      enable: false,
    });
    expect(saleActions({ state: "running", isEnabled: true })).toMatchObject({
      edit: false,
      moveEnd: true,
      endNow: true,
    });
    expect(saleActions({ state: "scheduled", isEnabled: false })).toMatchObject({ enable: true, disable: false });
    expect(saleActions({ state: "ended", isEnabled: true })).toMatchObject({
      edit: false,
      moveEnd: false,
      disable: false,
      enable: false,
    });
  });
});

describe("the shop's clock", () => {
  it("reads a wall time in the shop's zone as its UTC instant, in winter and summer", () => {
    expect(fromZonedInput("2026-11-26T09:05", NY)).toEqual({ ok: true, date: new Date("2026-11-26T14:05:00Z") });
    expect(fromZonedInput("2026-07-01T09:00", NY)).toEqual({ ok: true, date: new Date("2026-07-01T13:00:00Z") });
    expect(fromZonedInput("2026-07-01T09:00", "Asia/Tokyo")).toEqual({
      ok: true,
      date: new Date("2026-07-01T00:00:00Z"),
    });
    expect(fromZonedInput("2026-07-01T09:00", "UTC")).toEqual({ ok: true, date: new Date("2026-07-01T09:00:00Z") });
    expect(fromZonedInput("2026-01-01T00:30", "Asia/Kolkata")).toEqual({
      ok: true,
      date: new Date("2025-12-31T19:00:00Z"),
    });
  });

  it("refuses a time the clocks skip, and takes the first of one they pass twice", () => {
    // 8 March 2026: New York's clocks go from 02:00 to 03:00.
    expect(fromZonedInput("2026-03-08T02:30", NY)).toEqual({ ok: false, reason: "skipped" });
    expect(fromZonedInput("2026-03-08T03:30", NY)).toEqual({ ok: true, date: new Date("2026-03-08T07:30:00Z") });
    // 1 November 2026: 01:30 happens twice (EDT, then EST); the first is 05:30 UTC.
    expect(fromZonedInput("2026-11-01T01:30", NY)).toEqual({ ok: true, date: new Date("2026-11-01T05:30:00Z") });
    // Berlin's fall back, east of UTC: 02:30 CEST is 00:30 UTC.
    expect(fromZonedInput("2026-10-25T02:30", "Europe/Berlin")).toEqual({
      ok: true,
      date: new Date("2026-10-25T00:30:00Z"),
    });
    expect(fromZonedInput("2026-03-29T02:30", "Europe/Berlin")).toEqual({ ok: false, reason: "skipped" });
  });

  it("refuses what is not a date and time", () => {
    for (const value of [
      "",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-06-01T24:00",
      "2026-06-01",
      "tomorrow",
      "1999-06-01T10:00",
    ]) {
      expect(fromZonedInput(value, NY), value).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("writes an instant back as the wall time a datetime-local input holds", () => {
    expect(toZonedInput("2026-11-26T14:05:00Z", NY)).toBe("2026-11-26T09:05");
    expect(toZonedInput(new Date("2026-07-01T00:00:00Z"), "Asia/Tokyo")).toBe("2026-07-01T09:00");
    for (const value of ["2026-03-08T03:30", "2026-11-01T01:30", "2026-12-31T23:59"]) {
      const read = fromZonedInput(value, NY);
      expect(read.ok && toZonedInput(read.date, NY)).toBe(value);
    }
  });
});

describe("the sale form", () => {
  const now = new Date("2026-06-01T12:00:00Z"); // 08:00 in New York
  const schema = saleFormSchema({ timeZone: NY, now });
  const valid = {
    title: "  Summer weekend ",
    percentOff: "20",
    categoryIds: uuid(1),
    productIds: `${uuid(2)}, ${uuid(3).toUpperCase()},${uuid(2)}`,
    startsAt: "2026-06-05T09:00",
    endsAt: "2026-06-07T23:59",
  };

  it("reads a valid form: times on the shop's clock into UTC, ids deduplicated", () => {
    expect(parseValues(schema, valid)).toEqual({
      ok: true,
      data: {
        title: "Summer weekend",
        percentOff: 20,
        categoryIds: [uuid(1)],
        productIds: [uuid(2), uuid(3)],
        startsAt: new Date("2026-06-05T13:00:00Z"),
        endsAt: new Date("2026-06-08T03:59:00Z"),
      },
    });
  });

  it("takes a start already passed (the sale starts at once) and products alone or categories alone", () => {
    expect(parseValues(schema, { ...valid, startsAt: "2026-05-01T00:00" }).ok).toBe(true);
    expect(parseValues(schema, { ...valid, categoryIds: "" }).ok).toBe(true);
    expect(parseValues(schema, { ...valid, productIds: "" }).ok).toBe(true);
  });

  it.each([
    [{ title: " " }, "title", SALE_MESSAGES.titleRequired],
    [{ title: "x".repeat(121) }, "title", SALE_MESSAGES.titleTooLong],
    [{ percentOff: "" }, "percentOff", SALE_MESSAGES.percent],
    [{ percentOff: "0" }, "percentOff", SALE_MESSAGES.percent],
    [{ percentOff: "96" }, "percentOff", SALE_MESSAGES.percent],
    [{ percentOff: "12.5" }, "percentOff", SALE_MESSAGES.percent],
    [{ percentOff: "-5" }, "percentOff", SALE_MESSAGES.percent],
    [{ categoryIds: "", productIds: "" }, "scope", SALE_MESSAGES.scopeRequired],
    [{ productIds: "not-an-id" }, "scope", SALE_MESSAGES.badIds],
    [
      { productIds: Array.from({ length: MAX_SALE_PRODUCTS + 1 }, (_, i) => uuid(i + 10)).join(",") },
      "scope",
      SALE_MESSAGES.tooManyProducts,
    ],
    [{ startsAt: "" }, "startsAt", SALE_MESSAGES.startRequired],
    [{ startsAt: "2026-06-31T09:00" }, "startsAt", SALE_MESSAGES.badDate],
    [{ startsAt: "2027-03-14T02:15" }, "startsAt", skippedTimeMessage(NY)],
    [{ endsAt: "" }, "endsAt", SALE_MESSAGES.endRequired],
    [{ endsAt: "2026-06-05T09:00" }, "endsAt", SALE_MESSAGES.endBeforeStart],
    [{ endsAt: "2026-06-04T09:00" }, "endsAt", SALE_MESSAGES.endBeforeStart],
    [{ startsAt: "2026-05-01T00:00", endsAt: "2026-06-01T07:59" }, "endsAt", SALE_MESSAGES.endInPast],
  ])("refuses %o at %s with a clear message", (change, field, message) => {
    const result = parseValues(schema, { ...valid, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field]).toBe(message);
  });

  it("reads now from a clock at each check when given one", () => {
    let clock = new Date("2026-06-01T12:00:00Z");
    const live = saleFormSchema({ timeZone: NY, now: () => clock });
    const form = { ...valid, startsAt: "2026-05-01T00:00", endsAt: "2026-06-01T09:00" };
    expect(parseValues(live, form).ok).toBe(true);
    clock = new Date("2026-06-01T14:00:00Z");
    expect(parseValues(live, form)).toEqual({ ok: false, errors: { endsAt: SALE_MESSAGES.endInPast } });
  });

  it("moves a running sale's end only after its start and after now", () => {
    const move = moveEndSchema({ timeZone: NY, now, startsAt: new Date("2026-05-30T12:00:00Z") });
    expect(parseValues(move, { endsAt: "2026-06-10T10:00" })).toEqual({
      ok: true,
      data: { endsAt: new Date("2026-06-10T14:00:00Z") },
    });
    expect(parseValues(move, { endsAt: "2026-06-01T07:00" })).toEqual({
      ok: false,
      errors: { endsAt: SALE_MESSAGES.endInPast },
    });
    expect(parseValues(move, { endsAt: "2026-05-29T07:00" })).toEqual({
      ok: false,
      errors: { endsAt: SALE_MESSAGES.endBeforeStart },
    });
    expect(parseValues(move, { endsAt: "" })).toEqual({ ok: false, errors: { endsAt: SALE_MESSAGES.endRequired } });
  });

  it("reads ids joined by commas, and nothing else", () => {
    expect(parseIds("")).toEqual([]);
    expect(parseIds(` ${uuid(1)} ,,${uuid(1)}`)).toEqual([uuid(1)]);
    expect(parseIds(`${uuid(1)},1; drop table products`)).toBeNull();
  });
});
