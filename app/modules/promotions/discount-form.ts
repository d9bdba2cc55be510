import { z } from "zod";
import { fieldErrors, type FieldErrors, type ParseResult } from "~/lib/forms";
import { isUuid } from "~/lib/ids";
import { centsToDecimalString, formatCents } from "~/lib/money";
import { centsOf } from "~/modules/settings/settings-form";
import { zonedInputToUtc, utcToZonedInput } from "./discount-admin-dates";
import { codeField } from "./discount-codes";

/**
 * The discount editor's form (issue 28, /admin/discounts/:id): ONE set of rules for the browser's form
 * and the save action. Values are what the form holds — percent and dollars as typed, dates on the
 * shop's clock, lists of ids — and `parseDiscountForm` turns them into what `discounts` stores (whole
 * percent, cents, instants in UTC, nulls for "no limit"), or the first message of each field. Pure.
 *
 * A discount's method (code or automatic) is chosen when it is made and kept: a code discount's codes
 * and an automatic offer's lack of them would not survive the change. Fields the chosen kind does not
 * use are not read (a percentage left in a hidden field of a free-shipping discount is not stored).
 */

export const METHODS = ["code", "automatic"] as const;
export type DiscountMethod = (typeof METHODS)[number];
export const VALUE_TYPES = ["percentage", "fixed", "free_shipping"] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export const SHIPPING_RATES = ["standard", "any"] as const;
export type ShippingRates = (typeof SHIPPING_RATES)[number];
export const APPLIES_TO = ["order", "categories", "products"] as const;
export type AppliesTo = (typeof APPLIES_TO)[number];

export const DISCOUNT_LIMITS = {
  title: 80,
  /** $100,000.00, the most a product may cost. */
  amountCents: 10_000_000,
  /** Products chosen by hand: more belong in a category (and the form stays within the body limit). */
  products: 500,
  categories: 100,
  count: 1_000_000,
} as const;

export const DISCOUNT_MESSAGES = {
  title: "Enter a title",
  titleLength: `A title must be at most ${DISCOUNT_LIMITS.title} characters`,
  method: "Choose how the discount is used",
  valueType: "Choose what the discount takes off",
  percentRequired: "Enter a percentage",
  percentWhole: "Enter a whole percentage, such as 20",
  percentRange: "Percentage must be between 1 and 100",
  amountRequired: "Enter an amount",
  amountFormat: "Enter an amount in dollars, such as 10 or 12.50",
  amountPositive: "Amount must be more than $0.00",
  amountMax: `Amount must be at most ${formatCents(DISCOUNT_LIMITS.amountCents)}`,
  shippingRates: "Choose which shipping rates are free",
  appliesTo: "Choose what the discount applies to",
  categories: "Choose at least one category",
  categoriesMax: `Choose at most ${DISCOUNT_LIMITS.categories} categories`,
  products: "Choose at least one product",
  productsMax: `Choose at most ${DISCOUNT_LIMITS.products} products: for more, choose their category`,
  minSubtotalFormat: "Enter the minimum subtotal in dollars, such as 50 or 49.99",
  minSubtotalPositive: "Minimum subtotal must be more than $0.00 (leave it empty for none)",
  minSubtotalMax: `Minimum subtotal must be at most ${formatCents(DISCOUNT_LIMITS.amountCents)}`,
  startRequired: "Enter a start date",
  dateFormat: "Enter a date and time",
  endAfterStart: "End date must be after the start date",
  count: (label: string) => `${label} must be a whole number of 1 or more (leave it empty for no limit)`,
  countMax: (label: string) => `${label} must be at most ${DISCOUNT_LIMITS.count.toLocaleString("en-US")}`,
  minQuantity: "Minimum quantity must be a whole number of 1 or more",
  invalid: "Please correct the highlighted fields",
} as const;

/** The text fields of the form, by name; `categoryIds` and `productIds` are lists. */
export const DISCOUNT_TEXT_FIELDS = [
  "title",
  "method",
  "code",
  "valueType",
  "percentOff",
  "amountOff",
  "shippingRates",
  "appliesTo",
  "excludeSaleItems",
  "minSubtotal",
  "minQuantity",
  "firstOrderOnly",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "codeUsageLimit",
  "combinable",
] as const;
export type DiscountTextField = (typeof DISCOUNT_TEXT_FIELDS)[number];

/** The form as posted: text per field ("" when missing), and the chosen ids. */
export type DiscountFormValues = Record<DiscountTextField, string> & { categoryIds: string[]; productIds: string[] };

/** Only the form's own fields, as text; a repeated id once. Nothing else of the form is read. */
export function readDiscountForm(form: FormData): DiscountFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const ids = (name: string) => [
    ...new Set(form.getAll(name).filter((value): value is string => typeof value === "string" && value !== "")),
  ];
  const values = Object.fromEntries(DISCOUNT_TEXT_FIELDS.map((name) => [name, text(name)])) as Record<
    DiscountTextField,
    string
  >;
  return { ...values, categoryIds: ids("categoryIds"), productIds: ids("productIds") };
}

/** What a discount is, as `discounts` stores it (without its counters and times of its own). */
export interface DiscountInput {
  title: string;
  method: DiscountMethod;
  valueType: ValueType;
  value: number | null;
  shippingRates: ShippingRates;
  appliesTo: AppliesTo;
  categoryIds: string[];
  productIds: string[];
  excludeSaleItems: boolean;
  minSubtotalCents: number | null;
  minQuantity: number | null;
  firstOrderOnly: boolean;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  codeUsageLimit: number | null;
  combinable: boolean;
}

/** A new discount's form: also its first code (a code discount's; more come from the editor's Codes). */
export interface NewDiscountInput extends DiscountInput {
  code: string | null;
}

const ticked = (value: string) => value === "on" || value === "true";
const oneOf = <T extends string>(list: readonly T[], value: string): T | null =>
  (list as readonly string[]).includes(value) ? (value as T) : null;

/** An optional whole number of 1 or more; undefined when it is not one (the message is then added). */
function optionalCount(text: string): number | null | undefined {
  const cleaned = text.trim().replaceAll(",", "");
  if (cleaned === "") return null;
  if (!/^\d+$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return n >= 1 ? n : undefined;
}

export interface ParseOptions {
  /** The shop's time zone: the dates are typed on its clock. */
  timeZone: string;
  /** The stored method when editing (the form's own is then not read); absent when creating. */
  method?: DiscountMethod;
}

/**
 * The form's schema: the posted values in, a `NewDiscountInput` out, or a message per field. Checks that
 * depend on one another (the value on its type, the ids on the scope, the end on the start) are made
 * together so that every field's message shows at once.
 */
export function discountFormSchema({ timeZone, method: storedMethod }: ParseOptions) {
  const text = z.string();
  return z
    .object({
      ...(Object.fromEntries(DISCOUNT_TEXT_FIELDS.map((name) => [name, text])) as Record<
        DiscountTextField,
        typeof text
      >),
      categoryIds: z.array(z.string()),
      productIds: z.array(z.string()),
    })
    .transform((v, ctx): NewDiscountInput => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

      const title = v.title.trim();
      if (title === "") fail("title", DISCOUNT_MESSAGES.title);
      else if (title.length > DISCOUNT_LIMITS.title) fail("title", DISCOUNT_MESSAGES.titleLength);

      const method = storedMethod ?? oneOf(METHODS, v.method);
      if (!method) fail("method", DISCOUNT_MESSAGES.method);

      let code: string | null = null;
      if (!storedMethod && method === "code") {
        const checked = codeField.safeParse(v.code);
        if (checked.success) code = checked.data;
        else fail("code", checked.error.issues[0]!.message);
      }

      const valueType = oneOf(VALUE_TYPES, v.valueType);
      let value: number | null = null;
      let shippingRates: ShippingRates = "standard";
      if (!valueType) fail("valueType", DISCOUNT_MESSAGES.valueType);
      else if (valueType === "percentage") {
        const typed = v.percentOff.trim().replace(/%$/, "").trim();
        if (typed === "") fail("percentOff", DISCOUNT_MESSAGES.percentRequired);
        else if (!/^\d+$/.test(typed)) fail("percentOff", DISCOUNT_MESSAGES.percentWhole);
        else if (Number(typed) < 1 || Number(typed) > 100) fail("percentOff", DISCOUNT_MESSAGES.percentRange);
        else value = Number(typed);
      } else if (valueType === "fixed") {
        const cents = centsOf(v.amountOff);
        if (v.amountOff.trim() === "") fail("amountOff", DISCOUNT_MESSAGES.amountRequired);
        else if (cents === null || Number.isNaN(cents)) fail("amountOff", DISCOUNT_MESSAGES.amountFormat);
        else if (cents <= 0) fail("amountOff", DISCOUNT_MESSAGES.amountPositive);
        else if (cents > DISCOUNT_LIMITS.amountCents) fail("amountOff", DISCOUNT_MESSAGES.amountMax);
        else value = cents;
      } else {
        const rates = oneOf(SHIPPING_RATES, v.shippingRates);
        if (!rates) fail("shippingRates", DISCOUNT_MESSAGES.shippingRates);
        else shippingRates = rates;
      }

      const appliesTo = oneOf(APPLIES_TO, v.appliesTo);
      let categoryIds: string[] = [];
      let productIds: string[] = [];
      if (!appliesTo) fail("appliesTo", DISCOUNT_MESSAGES.appliesTo);
      else if (appliesTo === "categories") {
        categoryIds = v.categoryIds.filter(isUuid);
        if (categoryIds.length === 0) fail("categoryIds", DISCOUNT_MESSAGES.categories);
        else if (categoryIds.length > DISCOUNT_LIMITS.categories) fail("categoryIds", DISCOUNT_MESSAGES.categoriesMax);
      } else if (appliesTo === "products") {
        productIds = v.productIds.filter(isUuid);
        if (productIds.length === 0) fail("productIds", DISCOUNT_MESSAGES.products);
        else if (productIds.length > DISCOUNT_LIMITS.products) fail("productIds", DISCOUNT_MESSAGES.productsMax);
      }

      let minSubtotalCents: number | null = null;
      if (v.minSubtotal.trim() !== "") {
        const cents = centsOf(v.minSubtotal);
        if (cents === null || Number.isNaN(cents)) fail("minSubtotal", DISCOUNT_MESSAGES.minSubtotalFormat);
        else if (cents <= 0) fail("minSubtotal", DISCOUNT_MESSAGES.minSubtotalPositive);
        else if (cents > DISCOUNT_LIMITS.amountCents) fail("minSubtotal", DISCOUNT_MESSAGES.minSubtotalMax);
        else minSubtotalCents = cents;
      }

      const count = (field: DiscountTextField, label: string, message = DISCOUNT_MESSAGES.count(label)) => {
        const n = optionalCount(v[field]);
        if (n === undefined) fail(field, message);
        else if (n !== null && n > DISCOUNT_LIMITS.count) fail(field, DISCOUNT_MESSAGES.countMax(label));
        else return n;
        return null;
      };
      const minQuantity = count("minQuantity", "Minimum quantity", DISCOUNT_MESSAGES.minQuantity);
      const usageLimit = count("usageLimit", "Usage limit");
      const perCustomerLimit = count("perCustomerLimit", "Limit per customer");
      // A per-code limit means nothing without codes, and combining is for automatic offers only
      // (at most one code per order: docs/decisions/0030-discounts.md).
      const codeUsageLimit = method === "code" ? count("codeUsageLimit", "Limit per code") : null;
      const combinable = method === "automatic" && ticked(v.combinable);

      let startsAt: Date | null = null;
      if (v.startsAt.trim() === "") fail("startsAt", DISCOUNT_MESSAGES.startRequired);
      else {
        startsAt = zonedInputToUtc(v.startsAt, timeZone);
        if (!startsAt) fail("startsAt", DISCOUNT_MESSAGES.dateFormat);
      }
      let endsAt: Date | null = null;
      if (v.endsAt.trim() !== "") {
        endsAt = zonedInputToUtc(v.endsAt, timeZone);
        if (!endsAt) fail("endsAt", DISCOUNT_MESSAGES.dateFormat);
        else if (startsAt && endsAt.getTime() <= startsAt.getTime()) fail("endsAt", DISCOUNT_MESSAGES.endAfterStart);
      }

      if (ctx.issues.length > 0) return z.NEVER;
      return {
        title,
        method: method!,
        code,
        valueType: valueType!,
        value,
        shippingRates,
        appliesTo: appliesTo!,
        categoryIds,
        productIds,
        excludeSaleItems: ticked(v.excludeSaleItems),
        minSubtotalCents,
        minQuantity,
        firstOrderOnly: ticked(v.firstOrderOnly),
        startsAt: startsAt!,
        endsAt,
        usageLimit,
        perCustomerLimit,
        codeUsageLimit,
        combinable,
      };
    });
}

/** Checks a posted form: the discount, or the first message of each field. */
export function parseDiscountForm(values: DiscountFormValues, options: ParseOptions): ParseResult<NewDiscountInput> {
  const result = discountFormSchema(options).safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** The fields of the form in the page's order: the first to fix gets the focus. */
export const DISCOUNT_FIELD_ORDER = [
  "title",
  "method",
  "code",
  "valueType",
  "percentOff",
  "amountOff",
  "shippingRates",
  "appliesTo",
  "categoryIds",
  "productIds",
  "minSubtotal",
  "minQuantity",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "codeUsageLimit",
] as const;

export type { FieldErrors };

/** A stored discount as the editor's form shows it: percent and dollars as text, dates on the shop's clock. */
export function discountFormValues(discount: DiscountInput, timeZone: string): DiscountFormValues {
  const count = (n: number | null) => (n === null ? "" : String(n));
  const flag = (b: boolean) => (b ? "on" : "");
  return {
    title: discount.title,
    method: discount.method,
    code: "",
    valueType: discount.valueType,
    percentOff: discount.valueType === "percentage" ? count(discount.value) : "",
    amountOff: discount.valueType === "fixed" && discount.value !== null ? centsToDecimalString(discount.value) : "",
    shippingRates: discount.shippingRates,
    appliesTo: discount.appliesTo,
    categoryIds: discount.categoryIds,
    productIds: discount.productIds,
    excludeSaleItems: flag(discount.excludeSaleItems),
    minSubtotal: discount.minSubtotalCents === null ? "" : centsToDecimalString(discount.minSubtotalCents),
    minQuantity: count(discount.minQuantity),
    firstOrderOnly: flag(discount.firstOrderOnly),
    startsAt: utcToZonedInput(discount.startsAt, timeZone),
    endsAt: discount.endsAt ? utcToZonedInput(discount.endsAt, timeZone) : "",
    usageLimit: count(discount.usageLimit),
    perCustomerLimit: count(discount.perCustomerLimit),
    codeUsageLimit: count(discount.codeUsageLimit),
    combinable: flag(discount.combinable),
  };
}

/** A new discount's form: a code 10% off the whole order, from now (to the minute) on, without an end. */
export function newDiscountFormValues(timeZone: string, now: Date = new Date()): DiscountFormValues {
  return {
    ...discountFormValues(
      {
        title: "",
        method: "code",
        valueType: "percentage",
        value: 10,
        shippingRates: "standard",
        appliesTo: "order",
        categoryIds: [],
        productIds: [],
        excludeSaleItems: false,
        minSubtotalCents: null,
        minQuantity: null,
        firstOrderOnly: false,
        startsAt: now,
        endsAt: null,
        usageLimit: null,
        perCustomerLimit: null,
        codeUsageLimit: null,
        combinable: false,
      },
      timeZone,
    ),
    percentOff: "",
  };
}

/** What a discount takes off, in words: '20% off', '$10.00 off', 'Free shipping' (any rate: 'Free shipping, any rate'). */
export function valueWords(discount: { valueType: string; value: number | null; shippingRates: string }): string {
  if (discount.valueType === "percentage") return `${discount.value}% off`;
  if (discount.valueType === "fixed" && discount.value !== null) return `${formatCents(discount.value)} off`;
  return discount.shippingRates === "any" ? "Free shipping, any rate" : "Free standard shipping";
}

export const METHOD_WORDS: Record<DiscountMethod, string> = { code: "Code", automatic: "Automatic" };
export const APPLIES_TO_WORDS: Record<AppliesTo, string> = {
  order: "Whole order",
  categories: "Chosen categories",
  products: "Chosen products",
};
