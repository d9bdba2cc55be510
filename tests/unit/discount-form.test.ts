import { describe, expect, it } from "vitest";
import {
  discountFormValues,
  newDiscountFormValues,
  parseDiscountForm,
  readDiscountForm,
  valueWords,
  type DiscountFormValues,
} from "~/modules/promotions/discount-form";
import { discountsHref, parseDiscountListQuery } from "~/modules/promotions/discount-admin-query";

const ZONE = "America/New_York";
const CATEGORY = "3f2b8c1e-6a4d-4c1b-9a7e-2d5f8e9c0a11";
const PRODUCT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

/** A valid new code discount's form: 'SUMMER20', 20% off the order, from 1 June 09:00 in New York. */
function form(changes: Partial<DiscountFormValues> = {}): DiscountFormValues {
  return {
    ...newDiscountFormValues(ZONE, new Date("2026-05-01T12:00:00Z")),
    title: "Summer sale",
    method: "code",
    code: "SUMMER20",
    valueType: "percentage",
    percentOff: "20",
    startsAt: "2026-06-01T09:00",
    ...changes,
  };
}

const errorsOf = (values: DiscountFormValues, method?: "code" | "automatic") => {
  const result = parseDiscountForm(values, { timeZone: ZONE, method });
  return result.ok ? {} : result.errors;
};

describe("the discount form", () => {
  it("turns a code 20% off into what the database stores", () => {
    const result = parseDiscountForm(form(), { timeZone: ZONE });
    expect(result).toEqual({
      ok: true,
      data: {
        title: "Summer sale",
        method: "code",
        code: "SUMMER20",
        valueType: "percentage",
        value: 20,
        shippingRates: "standard",
        appliesTo: "order",
        categoryIds: [],
        productIds: [],
        excludeSaleItems: false,
        minSubtotalCents: null,
        minQuantity: null,
        firstOrderOnly: false,
        startsAt: new Date("2026-06-01T13:00:00Z"),
        endsAt: null,
        usageLimit: null,
        perCustomerLimit: null,
        codeUsageLimit: null,
        combinable: false,
      },
    });
  });

  it("reads dollars as cents, limits as whole numbers, and the ticked options", () => {
    const result = parseDiscountForm(
      form({
        valueType: "fixed",
        amountOff: "$12.50",
        minSubtotal: "1,000",
        minQuantity: "2",
        usageLimit: "10",
        perCustomerLimit: "1",
        codeUsageLimit: "1",
        excludeSaleItems: "on",
        firstOrderOnly: "on",
        endsAt: "2026-06-30T23:59",
        appliesTo: "categories",
        categoryIds: [CATEGORY],
      }),
      { timeZone: ZONE },
    );
    expect(result.ok && result.data).toMatchObject({
      valueType: "fixed",
      value: 1250,
      minSubtotalCents: 100_000,
      minQuantity: 2,
      usageLimit: 10,
      perCustomerLimit: 1,
      codeUsageLimit: 1,
      excludeSaleItems: true,
      firstOrderOnly: true,
      endsAt: new Date("2026-07-01T03:59:00Z"),
      appliesTo: "categories",
      categoryIds: [CATEGORY],
    });
  });

  it("gives free shipping no value, on the standard rate or any", () => {
    const any = parseDiscountForm(form({ valueType: "free_shipping", percentOff: "20", shippingRates: "any" }), {
      timeZone: ZONE,
    });
    expect(any.ok && any.data).toMatchObject({ valueType: "free_shipping", value: null, shippingRates: "any" });
    expect(errorsOf(form({ valueType: "free_shipping", shippingRates: "overnight" }))).toEqual({
      shippingRates: "Choose which shipping rates are free",
    });
  });

  it("says what is wrong, one message per field, all at once", () => {
    expect(
      errorsOf(
        form({
          title: " ",
          code: "",
          percentOff: "120",
          minSubtotal: "abc",
          usageLimit: "0",
          startsAt: "2026-06-01T09:00",
          endsAt: "2026-06-01T08:00",
        }),
      ),
    ).toEqual({
      title: "Enter a title",
      code: "Enter a code",
      percentOff: "Percentage must be between 1 and 100",
      minSubtotal: "Enter the minimum subtotal in dollars, such as 50 or 49.99",
      usageLimit: "Usage limit must be a whole number of 1 or more (leave it empty for no limit)",
      endsAt: "End date must be after the start date",
    });
  });

  it.each([
    [{ percentOff: "" }, { percentOff: "Enter a percentage" }],
    [{ percentOff: "0" }, { percentOff: "Percentage must be between 1 and 100" }],
    [{ percentOff: "101" }, { percentOff: "Percentage must be between 1 and 100" }],
    [{ percentOff: "12.5" }, { percentOff: "Enter a whole percentage, such as 20" }],
    [{ valueType: "fixed", amountOff: "" }, { amountOff: "Enter an amount" }],
    [{ valueType: "fixed", amountOff: "ten" }, { amountOff: "Enter an amount in dollars, such as 10 or 12.50" }],
    [{ valueType: "fixed", amountOff: "0" }, { amountOff: "Amount must be more than $0.00" }],
    [{ valueType: "fixed", amountOff: "100000.01" }, { amountOff: "Amount must be at most $100,000.00" }],
    [{ valueType: "half-off" }, { valueType: "Choose what the discount takes off" }],
    [{ method: "magic" }, { method: "Choose how the discount is used" }],
    [{ code: "SUMMER 20" }, { code: "A code may hold only letters, digits, - and _" }],
    [{ code: "S2" }, { code: "A code must be 3 to 32 characters" }],
    [{ title: "x".repeat(81) }, { title: "A title must be at most 80 characters" }],
    [{ appliesTo: "categories" }, { categoryIds: "Choose at least one category" }],
    [{ appliesTo: "products", productIds: ["not-an-id"] }, { productIds: "Choose at least one product" }],
    [{ appliesTo: "everything" }, { appliesTo: "Choose what the discount applies to" }],
    [{ minSubtotal: "0" }, { minSubtotal: "Minimum subtotal must be more than $0.00 (leave it empty for none)" }],
    [{ minQuantity: "1.5" }, { minQuantity: "Minimum quantity must be a whole number of 1 or more" }],
    [
      { perCustomerLimit: "-1" },
      { perCustomerLimit: "Limit per customer must be a whole number of 1 or more (leave it empty for no limit)" },
    ],
    [{ codeUsageLimit: "2000000" }, { codeUsageLimit: "Limit per code must be at most 1,000,000" }],
    [{ startsAt: "" }, { startsAt: "Enter a start date" }],
    [{ startsAt: "next week" }, { startsAt: "Enter a date and time" }],
    [{ endsAt: "2026-06-01T09:00" }, { endsAt: "End date must be after the start date" }],
  ] as const)("%j → %j", (changes, expected) => {
    expect(errorsOf(form(changes as Partial<DiscountFormValues>))).toEqual(expected);
  });

  it("caps the products chosen by hand", () => {
    const ids = Array.from({ length: 501 }, (_, i) => `7c9e6679-7425-40de-944b-${String(i).padStart(12, "0")}`);
    expect(errorsOf(form({ appliesTo: "products", productIds: ids }))).toEqual({
      productIds: "Choose at most 500 products: for more, choose their category",
    });
    const fine = parseDiscountForm(form({ appliesTo: "products", productIds: [PRODUCT] }), { timeZone: ZONE });
    expect(fine.ok && fine.data.productIds).toEqual([PRODUCT]);
  });

  it("keeps a stored method: an edit reads neither the method nor a code, and only codes have a per-code limit", () => {
    const edit = parseDiscountForm(form({ method: "automatic", code: "", combinable: "on", codeUsageLimit: "1" }), {
      timeZone: ZONE,
      method: "code",
    });
    expect(edit.ok && edit.data).toMatchObject({ method: "code", code: null, combinable: false, codeUsageLimit: 1 });
    const automatic = parseDiscountForm(
      form({ method: "automatic", code: "", combinable: "on", codeUsageLimit: "abc" }),
      {
        timeZone: ZONE,
      },
    );
    expect(automatic.ok && automatic.data).toMatchObject({
      method: "automatic",
      code: null,
      combinable: true,
      codeUsageLimit: null,
    });
  });

  it("takes the dates on the shop's clock, across a change of the clocks", () => {
    const spring = parseDiscountForm(form({ startsAt: "2026-03-08T02:30", endsAt: "2026-03-08T03:15" }), {
      timeZone: ZONE,
    });
    // 02:30 does not exist that night in New York: it is 03:30 EDT, after the end typed (03:15).
    expect(spring.ok).toBe(false);
    const fall = parseDiscountForm(form({ startsAt: "2026-11-01T01:30", endsAt: "2026-11-01T01:45" }), {
      timeZone: ZONE,
    });
    expect(fall.ok && [fall.data.startsAt.toISOString(), fall.data.endsAt?.toISOString()]).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T05:45:00.000Z",
    ]);
    const tokyo = parseDiscountForm(form(), { timeZone: "Asia/Tokyo" });
    expect(tokyo.ok && tokyo.data.startsAt.toISOString()).toBe("2026-06-01T00:00:00.000Z");
  });

  it("reads only its own fields from a posted form, each id once", () => {
    const posted = new FormData();
    posted.set("title", "Weekend");
    posted.set("isEnabled", "false");
    posted.set("usageCount", "0");
    posted.append("productIds", PRODUCT);
    posted.append("productIds", PRODUCT);
    posted.append("categoryIds", CATEGORY);
    const values = readDiscountForm(posted);
    expect(values.title).toBe("Weekend");
    expect(values.code).toBe("");
    expect(values.productIds).toEqual([PRODUCT]);
    expect(values.categoryIds).toEqual([CATEGORY]);
    expect(Object.keys(values)).not.toContain("isEnabled");
    expect(Object.keys(values)).not.toContain("usageCount");
  });

  it("shows a stored discount as the form holds it, and reads it back unchanged", () => {
    const parsed = parseDiscountForm(
      form({ valueType: "fixed", amountOff: "5", minSubtotal: "49.99", endsAt: "2026-06-30T18:00" }),
      { timeZone: ZONE },
    );
    if (!parsed.ok) throw new Error("expected a valid form");
    const shown = discountFormValues(parsed.data, ZONE);
    expect(shown).toMatchObject({
      amountOff: "5.00",
      minSubtotal: "49.99",
      startsAt: "2026-06-01T09:00",
      endsAt: "2026-06-30T18:00",
    });
    const again = parseDiscountForm({ ...shown, code: "SUMMER20" }, { timeZone: ZONE });
    expect(again).toEqual(parsed);
  });

  it("words the value as the list shows it", () => {
    expect(valueWords({ valueType: "percentage", value: 20, shippingRates: "standard" })).toBe("20% off");
    expect(valueWords({ valueType: "fixed", value: 1250, shippingRates: "standard" })).toBe("$12.50 off");
    expect(valueWords({ valueType: "free_shipping", value: null, shippingRates: "standard" })).toBe(
      "Free standard shipping",
    );
    expect(valueWords({ valueType: "free_shipping", value: null, shippingRates: "any" })).toBe(
      "Free shipping, any rate",
    );
  });
});

describe("the discount list's URL", () => {
  it("reads odd values as the defaults, and writes only what differs from them", () => {
    expect(parseDiscountListQuery(new URLSearchParams("q=%20summer%20&status=active&page=2"))).toEqual({
      q: "summer",
      status: "active",
      page: 2,
    });
    expect(parseDiscountListQuery(new URLSearchParams("status=used&page=-1"))).toEqual({
      q: "",
      status: "all",
      page: 1,
    });
    expect(parseDiscountListQuery(new URLSearchParams("page=abc")).page).toBe(1);
    expect(discountsHref({ q: "", status: "all", page: 1 })).toBe("/admin/discounts");
    expect(discountsHref({ q: "vip", status: "expired", page: 3 })).toBe(
      "/admin/discounts?q=vip&status=expired&page=3",
    );
  });
});
