import { z } from "zod";
import { fieldErrors, type ParseResult } from "~/lib/forms";
import { UUID_PATTERN } from "~/lib/ids";
import { centsToDecimalString } from "~/lib/money";
import { isOnSale, slugify } from "~/modules/catalog/product-rules";
import { CHART_LIMITS, measurementLabel, readCm } from "~/modules/fit/size-chart-rules";
import {
  variantFormRows,
  variantRowsSchema,
  type CheckedVariant,
  type StoredVariant,
  type VariantFormRow,
} from "./variant-form";

/**
 * The product form (spec §2 side panel editor, §3 product fields, §5 admin editor rules, §9 presets and
 * defaults): ONE set of field rules for the browser's editor, the save action and any other writer of
 * whole products (the CSV import). Pure, shared with the browser.
 *
 * Values are what a form holds — prices as decimal dollars, inventory as text, lists as arrays — and
 * `validateProductInput` turns them into what the database stores (integer cents, trimmed text, lists
 * without blanks or duplicates), or the first message per field.
 */

export const PRODUCT_LIMITS = {
  name: 200,
  slug: 200,
  sku: 64,
  description: 10_000,
  metaTitle: 200,
  metaDescription: 500,
  /** Characters of one tag, colour or size. */
  chip: 40,
  /** Tags, colours or sizes of one product. */
  chips: 50,
  images: 12,
  imageUrl: 1_000,
  /** $100,000.00 */
  priceCents: 10_000_000,
  inventory: 1_000_000,
} as const;

/** Spec §9 admin presets. */
export const SIZE_PRESETS = [
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "XXXL",
  "4XL",
  "28",
  "30",
  "32",
  "34",
  "36",
  "38",
] as const;
export const COLOR_PRESETS = [
  "Black",
  "White",
  "Navy",
  "Gray",
  "Red",
  "Blue",
  "Green",
  "Yellow",
  "Pink",
  "Purple",
] as const;
/** Spec §9 variant types; 'variant' is what the groups panel sets, kept when a grouped product is saved. */
export const VARIANT_TYPES = ["color", "size", "style"] as const;

const VARIANT_TYPE_WORDS: Record<string, string> = {
  color: "Colour",
  size: "Size",
  style: "Style",
  variant: "Variant",
};

/** A stored variant type as the owner reads it ('color' → 'Colour'); an unknown one as it is. */
export function variantTypeText(type: string): string {
  return VARIANT_TYPE_WORDS[type] ?? type;
}
const STORED_VARIANT_TYPES = [...VARIANT_TYPES, "variant"] as const;

/** Spec §9: 'Untitled Product' is the name of a product written without one (the editor requires a name). */
export const UNTITLED_PRODUCT = "Untitled Product";

/** Spec §9: a missing SKU is 'SKU-' plus the first 8 characters of the product's id. */
export function defaultSku(id: string): string {
  return `SKU-${id.slice(0, 8)}`;
}

const chipLimits = (label: string, plural: string) => ({
  tooMany: `At most ${PRODUCT_LIMITS.chips} ${plural}`,
  tooLong: `Each ${label} must be at most ${PRODUCT_LIMITS.chip} characters`,
});

export const PRODUCT_MESSAGES = {
  nameRequired: "Product name is required",
  nameTooLong: `Product name must be at most ${PRODUCT_LIMITS.name} characters`,
  slugRequired: "Slug is required",
  slugInvalid: "Slug must contain letters or digits",
  slugTooLong: `Slug must be at most ${PRODUCT_LIMITS.slug} characters`,
  descriptionTooLong: "Description must be at most 10,000 characters",
  images: "Image addresses must start with https:// (or be an uploaded image)",
  imagesTooMany: `At most ${PRODUCT_LIMITS.images} images`,
  category: "Please select a category from the list",
  price: "Valid price is required",
  priceStep: "Enter the price in dollars and cents (step 0.01)",
  priceTooHigh: "Price must be at most $100,000.00",
  compareAt: "Enter a valid compare at price (step 0.01)",
  compareAtTooHigh: "Compare at price must be at most $100,000.00",
  compareAtBelowPrice: "Compare at price must not be lower than the price",
  skuTooLong: `SKU must be at most ${PRODUCT_LIMITS.sku} characters`,
  skuSpaces: "SKU must not contain spaces",
  inventory: "Valid inventory count is required",
  inventoryTooHigh: "Inventory must be at most 1,000,000",
  metaTitleTooLong: `Meta title must be at most ${PRODUCT_LIMITS.metaTitle} characters`,
  metaDescriptionTooLong: `Meta description must be at most ${PRODUCT_LIMITS.metaDescription} characters`,
  tags: chipLimits("tag", "tags"),
  colors: chipLimits("color", "colors"),
  sizes: chipLimits("size", "sizes"),
  variantType: "Please choose a variant type from the list",
} as const;

/** A product's fit (issue 29): its size chart, fit note, the model, garment measurements. */
export const FIT_LIMITS = { fitNote: 200, modelHeightMin: 50, modelHeightMax: 250 } as const;

export const FIT_MESSAGES = {
  sizeChart: "Please choose a size chart from the list",
  fitNoteTooLong: `Fit note must be at most ${FIT_LIMITS.fitNote} characters`,
  modelHeight: `Model's height must be a whole number of cm from ${FIT_LIMITS.modelHeightMin} to ${FIT_LIMITS.modelHeightMax}`,
  modelSize: "Model's size must be one of the product's sizes",
  garmentValue: (size: string, measurement: string) =>
    `Garment ${size} ${measurementLabel(measurement)}: a number in cm, more than 0 and less than ${CHART_LIMITS.maxCm}, one decimal at most`,
  garmentSize: (size: string) => `Garment measurements are for the product's sizes: ${size} is not one`,
  garmentMeasurement: (measurement: string) =>
    `Garment measurements follow the size chart's columns: ${measurementLabel(measurement)} is not one`,
  garmentWithoutChart: "Choose a size chart before giving garment measurements",
} as const;

/** What the editor holds and sends: the form's values, prices as decimal dollars. */
export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  images: string[];
  categoryId: string;
  isActive: boolean;
  featured: boolean;
  isNew: boolean;
  isSale: boolean;
  price: string;
  compareAtPrice: string;
  sku: string;
  inventory: string;
  metaTitle: string;
  metaDescription: string;
  tags: string[];
  colors: string[];
  sizes: string[];
  variantType: string;
  /**
   * The variants table (one row per size × colour). Empty means "not given" (a writer of whole products
   * that knows nothing of variants, such as an old client): the save then keeps the product's variants.
   */
  variants: VariantFormRow[];
  /**
   * How it fits (issue 29). Each is optional: a writer that does not send one (an old client, a CSV
   * without the column) keeps what the product has. `sizeChartId` "" is 'No size chart'.
   */
  sizeChartId?: string;
  fitNote?: string;
  /** Whole centimetres, as typed. */
  modelHeightCm?: string;
  /** One of the product's sizes, or "". */
  modelSize?: string;
  /** size → measurement → cm as typed; blank cells say nothing. */
  garmentMeasurements?: Record<string, Record<string, string>>;
}

/** The fit's fields (issue 29), optional in a product's values. */
export const FIT_FIELDS = ["sizeChartId", "fitNote", "modelHeightCm", "modelSize", "garmentMeasurements"] as const;

/** The fields in the editor's order (tabs General, Pricing, Inventory, SEO, Variants): the first invalid one takes focus. */
export const PRODUCT_FIELDS = [
  "name",
  "slug",
  "description",
  "images",
  "categoryId",
  "isActive",
  "featured",
  "isNew",
  "isSale",
  "price",
  "compareAtPrice",
  "sku",
  "inventory",
  "variants",
  "metaTitle",
  "metaDescription",
  "tags",
  "colors",
  "sizes",
  "variantType",
  ...FIT_FIELDS,
] as const satisfies readonly (keyof ProductFormValues)[];

export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Spec §9 new-product defaults: active, new, not featured, not on sale, price 0, inventory 0. */
export function newProductValues(): ProductFormValues {
  return {
    name: "",
    slug: "",
    description: "",
    images: [],
    categoryId: "",
    isActive: true,
    featured: false,
    isNew: true,
    isSale: false,
    price: "0.00",
    compareAtPrice: "",
    sku: "",
    inventory: "0",
    metaTitle: "",
    metaDescription: "",
    tags: [],
    colors: [],
    sizes: [],
    variantType: "",
    variants: [],
    sizeChartId: "",
    fitNote: "",
    modelHeightCm: "",
    modelSize: "",
    garmentMeasurements: {},
  };
}

/** A stored product's fields, as the editor opens them. */
export interface StoredProductFields {
  name: string;
  slug: string;
  description: string;
  images: string[];
  imageUrl: string | null;
  categoryId: string | null;
  isActive: boolean;
  featured: boolean;
  isNew: boolean;
  isSale: boolean;
  priceCents: number;
  originalPriceCents: number | null;
  sku: string;
  inventory: number;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
  colors: string[];
  sizes: string[];
  variantType: string | null;
  /** Its variants, in their order; missing for a reader that does not show them. */
  variants?: readonly StoredVariant[];
  /** Its fit (issue 29); missing for a reader that does not show it. */
  sizeChartId?: string | null;
  fitNote?: string;
  modelHeightCm?: number | null;
  modelSize?: string | null;
  garmentMeasurements?: Record<string, Record<string, number>>;
}

/** A product's stored garment measurements as the editor types them (cm as text). */
export function garmentFormValues(
  garment: Record<string, Record<string, number>>,
): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(garment).map(([size, row]) => [
      size,
      Object.fromEntries(Object.entries(row).map(([m, cm]) => [m, String(cm)])),
    ]),
  );
}

/**
 * The editor's values for a stored product. A product without a compare-at price opens without one:
 * nothing is pre-filled (decisions.md §6: a made-up 'was' price misleads shoppers).
 */
export function formValuesOf(product: StoredProductFields): ProductFormValues {
  const images = product.images.length > 0 ? product.images : product.imageUrl ? [product.imageUrl] : [];
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    images: [...images],
    categoryId: product.categoryId ?? "",
    isActive: product.isActive,
    featured: product.featured,
    isNew: product.isNew,
    isSale: product.isSale,
    price: centsToDecimalString(product.priceCents),
    compareAtPrice: product.originalPriceCents === null ? "" : centsToDecimalString(product.originalPriceCents),
    sku: product.sku,
    inventory: String(product.inventory),
    metaTitle: product.metaTitle ?? "",
    metaDescription: product.metaDescription ?? "",
    tags: [...product.tags],
    colors: [...product.colors],
    sizes: [...product.sizes],
    variantType: product.variantType ?? "",
    variants: variantFormRows(product.variants ?? []),
    sizeChartId: product.sizeChartId ?? "",
    fitNote: product.fitNote ?? "",
    modelHeightCm: product.modelHeightCm == null ? "" : String(product.modelHeightCm),
    modelSize: product.modelSize ?? "",
    garmentMeasurements: garmentFormValues(product.garmentMeasurements ?? {}),
  };
}

/**
 * Spec §4: changing the name regenerates the slug — as long as the slug still is the one the old name
 * gave (or empty). A slug the owner typed by hand is kept; typing the generated one links it again.
 */
export function slugAfterRename(previousName: string, nextName: string, slug: string): string {
  return slug === "" || slug === slugify(previousName) ? slugify(nextName) : slug;
}

/** Spec §4: setting the compare-at price sets is_sale to whether it exceeds the price. */
export function saleAfterCompareAt(price: string, compareAt: string, current: boolean): boolean {
  if (compareAt.trim() === "") return false;
  const priceCents = dollarsToCentsText(price);
  const compareCents = dollarsToCentsText(compareAt);
  if (priceCents === null || compareCents === null) return current;
  return compareCents > priceCents;
}

/**
 * Decimal dollars ("19.99", "19.9", "19", 19.99) to integer cents, without floating point; null when
 * the text is not an amount with at most two decimals.
 */
export function dollarsToCentsText(value: unknown): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : String(value ?? "");
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Spec §5: chips trimmed, duplicates (any case) ignored, blanks ignored. */
export function addChip(list: readonly string[], raw: string): string[] {
  const value = raw.trim();
  if (value === "" || list.some((item) => item.toLowerCase() === value.toLowerCase())) return [...list];
  return [...list, value];
}

/** Spec §5: image URLs trimmed, duplicates ignored. */
export function addImage(list: readonly string[], raw: string): string[] {
  const value = raw.trim();
  if (value === "" || list.includes(value)) return [...list];
  return [...list, value];
}

const OWN_IMAGE = /^\/(?:media|images)\/[A-Za-z0-9._~\-/]+$/;

/**
 * An image the shop can show: an https address (the pages' security policy allows images from https
 * only) or one of the shop's own files (/media/ uploads, /images/ of the demo catalogue).
 */
export function isAcceptedImage(url: string): boolean {
  if (url.length > PRODUCT_LIMITS.imageUrl) return false;
  if (url.startsWith("/")) return OWN_IMAGE.test(url) && !url.split("/").includes("..");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname !== "" && !/\s/.test(url);
  } catch {
    return false;
  }
}

/** Text as a form or a JSON body has it: a missing value is "", a number its decimal text. */
const text = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((v) => (v == null ? "" : String(v)));
/** A checkbox: true, false, or the form's "on" / "true". */
const flag = z
  .union([z.boolean(), z.string().transform((v) => v === "on" || v === "true")], { error: "Choose yes or no" })
  .default(false);
const list = (message: string) => z.array(z.string({ error: message }), { error: message }).default([]);

function chips(messages: { tooMany: string; tooLong: string }) {
  return list(messages.tooLong)
    .transform((list) => list.reduce<string[]>(addChip, []))
    .check((ctx) => {
      if (ctx.value.length > PRODUCT_LIMITS.chips)
        ctx.issues.push({ code: "custom", message: messages.tooMany, input: ctx.value });
      else if (ctx.value.some((item) => item.length > PRODUCT_LIMITS.chip))
        ctx.issues.push({ code: "custom", message: messages.tooLong, input: ctx.value });
    });
}

const M = PRODUCT_MESSAGES;

/** Text that may be missing (undefined: not given, the product keeps its value) or null (empty). */
const givenText = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? "" : String(v).trim()));

/** The fit's fields (issue 29): each undefined when not given. */
const fitSchemaFields = {
  sizeChartId: givenText(FIT_MESSAGES.sizeChart).transform((id, ctx) => {
    if (id === undefined) return undefined;
    if (id === "") return null;
    if (!UUID_PATTERN.test(id)) {
      ctx.issues.push({ code: "custom", message: FIT_MESSAGES.sizeChart, input: id });
      return z.NEVER;
    }
    return id.toLowerCase();
  }),
  fitNote: givenText(FIT_MESSAGES.fitNoteTooLong).refine(
    (note) => note === undefined || note.length <= FIT_LIMITS.fitNote,
    FIT_MESSAGES.fitNoteTooLong,
  ),
  modelHeightCm: givenText(FIT_MESSAGES.modelHeight).transform((height, ctx) => {
    if (height === undefined) return undefined;
    if (height === "") return null;
    const cm = /^\d{2,3}$/.test(height) ? Number(height) : Number.NaN;
    if (!(cm >= FIT_LIMITS.modelHeightMin && cm <= FIT_LIMITS.modelHeightMax)) {
      ctx.issues.push({ code: "custom", message: FIT_MESSAGES.modelHeight, input: height });
      return z.NEVER;
    }
    return cm;
  }),
  modelSize: givenText(FIT_MESSAGES.modelSize).transform((size) => (size === undefined ? undefined : size || null)),
  garmentMeasurements: z
    .record(
      z.string(),
      z.record(z.string(), z.union([z.string(), z.number(), z.null()]), { error: FIT_MESSAGES.garmentSize("?") }),
      { error: FIT_MESSAGES.garmentSize("?") },
    )
    .optional()
    .transform((garment, ctx) => {
      if (garment === undefined) return undefined;
      const out: Record<string, Record<string, number>> = {};
      for (const [size, row] of Object.entries(garment)) {
        for (const [measurement, raw] of Object.entries(row)) {
          if (raw === null || String(raw).trim() === "") continue;
          const cm = readCm(raw);
          if (cm === null || !(cm > 0 && cm < CHART_LIMITS.maxCm)) {
            ctx.issues.push({ code: "custom", message: FIT_MESSAGES.garmentValue(size, measurement), input: raw });
            return z.NEVER;
          }
          (out[size] ??= {})[measurement] = cm;
        }
      }
      return out;
    }),
};

/** The model's size and the garment's sizes are sizes of the product. */
function checkFitAgainstSizes(ctx: {
  value: { sizes: string[]; modelSize?: string | null; garmentMeasurements?: Record<string, unknown> };
  issues: unknown[];
}) {
  const { sizes, modelSize, garmentMeasurements } = ctx.value;
  const push = (path: string, message: string) =>
    (ctx.issues as z.core.$ZodRawIssue[]).push({ code: "custom", message, path: [path], input: ctx.value });
  if (modelSize && !sizes.includes(modelSize)) push("modelSize", FIT_MESSAGES.modelSize);
  const stray = Object.keys(garmentMeasurements ?? {}).find((size) => !sizes.includes(size));
  if (stray !== undefined) push("garmentMeasurements", FIT_MESSAGES.garmentSize(stray));
}

/** The product form's rules. Unknown keys (an `id`, timestamps, group fields) are dropped. */
export const productInputSchema = z
  .object({
    name: text(M.nameRequired).pipe(z.string().trim().min(1, M.nameRequired).max(PRODUCT_LIMITS.name, M.nameTooLong)),
    slug: text(M.slugRequired).pipe(
      z
        .string()
        .trim()
        .min(1, M.slugRequired)
        .max(PRODUCT_LIMITS.slug, M.slugTooLong)
        .transform(slugify)
        .refine((slug) => slug !== "", M.slugInvalid),
    ),
    description: text(M.descriptionTooLong).pipe(
      z.string().trim().max(PRODUCT_LIMITS.description, M.descriptionTooLong),
    ),
    images: list(M.images)
      .transform((list) => list.reduce<string[]>(addImage, []))
      .check((ctx) => {
        if (ctx.value.length > PRODUCT_LIMITS.images)
          ctx.issues.push({ code: "custom", message: M.imagesTooMany, input: ctx.value });
        else if (!ctx.value.every(isAcceptedImage))
          ctx.issues.push({ code: "custom", message: M.images, input: ctx.value });
      }),
    categoryId: text(M.category).pipe(
      z
        .string()
        .trim()
        .refine((id) => id === "" || UUID_PATTERN.test(id), M.category)
        .transform((id) => (id === "" ? null : id.toLowerCase())),
    ),
    isActive: flag,
    featured: flag,
    isNew: flag,
    isSale: flag,
    price: text(M.price).transform((value, ctx) => {
      const trimmed = value.trim();
      if (trimmed === "" || !/^\d+(\.\d*)?$/.test(trimmed)) {
        ctx.issues.push({ code: "custom", message: M.price, input: value });
        return z.NEVER;
      }
      const cents = dollarsToCentsText(trimmed);
      if (cents === null) {
        ctx.issues.push({
          code: "custom",
          message: /^\d{1,9}\./.test(trimmed) ? M.priceStep : M.priceTooHigh,
          input: value,
        });
        return z.NEVER;
      }
      if (cents > PRODUCT_LIMITS.priceCents) {
        ctx.issues.push({ code: "custom", message: M.priceTooHigh, input: value });
        return z.NEVER;
      }
      return cents;
    }),
    compareAtPrice: text(M.compareAt).transform((value, ctx) => {
      const trimmed = value.trim();
      if (trimmed === "") return null;
      const cents = dollarsToCentsText(trimmed);
      if (cents === null) {
        ctx.issues.push({ code: "custom", message: M.compareAt, input: value });
        return z.NEVER;
      }
      if (cents > PRODUCT_LIMITS.priceCents) {
        ctx.issues.push({ code: "custom", message: M.compareAtTooHigh, input: value });
        return z.NEVER;
      }
      return cents;
    }),
    sku: text(M.skuSpaces).pipe(
      z
        .string()
        .trim()
        .max(PRODUCT_LIMITS.sku, M.skuTooLong)
        .refine((sku) => !/\s/.test(sku), M.skuSpaces),
    ),
    inventory: text(M.inventory).transform((value, ctx) => {
      const trimmed = value.trim();
      if (!/^\d{1,9}$/.test(trimmed)) {
        ctx.issues.push({ code: "custom", message: M.inventory, input: value });
        return z.NEVER;
      }
      const count = Number(trimmed);
      if (count > PRODUCT_LIMITS.inventory) {
        ctx.issues.push({ code: "custom", message: M.inventoryTooHigh, input: value });
        return z.NEVER;
      }
      return count;
    }),
    metaTitle: text(M.metaTitleTooLong).pipe(z.string().trim().max(PRODUCT_LIMITS.metaTitle, M.metaTitleTooLong)),
    metaDescription: text(M.metaDescriptionTooLong).pipe(
      z.string().trim().max(PRODUCT_LIMITS.metaDescription, M.metaDescriptionTooLong),
    ),
    tags: chips(M.tags),
    colors: chips(M.colors),
    sizes: chips(M.sizes),
    variantType: text(M.variantType).pipe(
      z
        .string()
        .trim()
        .refine((type) => type === "" || (STORED_VARIANT_TYPES as readonly string[]).includes(type), M.variantType)
        .transform((type) => (type === "" ? null : type)),
    ),
    /** null: not given (see ProductFormValues.variants). */
    variants: z
      .unknown()
      .optional()
      .transform((rows) => (rows == null || (Array.isArray(rows) && rows.length === 0) ? null : rows))
      .pipe(variantRowsSchema.nullable()),
    ...fitSchemaFields,
  })
  .check((ctx) => {
    checkFitAgainstSizes(ctx);
    const { price, compareAtPrice } = ctx.value;
    if (compareAtPrice !== null && compareAtPrice < price) {
      ctx.issues.push({
        code: "custom",
        message: M.compareAtBelowPrice,
        path: ["compareAtPrice"],
        input: compareAtPrice,
      });
    }
  });

/** A valid product input, in the database's units (cents), before defaults. */
export type ProductInput = z.output<typeof productInputSchema>;

/** Checks a plain product input (the editor's values, a JSON body, an import row): the input, or the first message per field. */
export function validateProductInput(values: unknown): ParseResult<ProductInput> {
  const result = productInputSchema.safeParse(values ?? {});
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/**
 * The product's columns of an input (image_url is the first image; blank SEO text is null; is_sale is
 * whether the compare-at price is above the price, decisions.md §6). `inventory` is the stock the input
 * asks for: never written to the product (triggers keep it as its variants' sum), see `productRowColumns`.
 */
export function productColumns(input: ProductInput, id: string) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    images: input.images,
    imageUrl: input.images[0] ?? null,
    categoryId: input.categoryId,
    isActive: input.isActive,
    featured: input.featured,
    isNew: input.isNew,
    isSale: isOnSale(input.price, input.compareAtPrice),
    priceCents: input.price,
    originalPriceCents: input.compareAtPrice,
    // Spec §9: a missing SKU is generated from the id.
    sku: input.sku === "" ? defaultSku(id) : input.sku,
    inventory: input.inventory,
    metaTitle: input.metaTitle === "" ? null : input.metaTitle,
    metaDescription: input.metaDescription === "" ? null : input.metaDescription,
    tags: input.tags,
    colors: input.colors,
    sizes: input.sizes,
    variantType: input.variantType,
    ...fitColumns(input),
  };
}

/** The fit's columns the input gives (issue 29): those not given are left out, so the product keeps them. */
function fitColumns(input: ProductInput): {
  sizeChartId?: string | null;
  fitNote?: string;
  modelHeightCm?: number | null;
  modelSize?: string | null;
  garmentMeasurements?: Record<string, Record<string, number>>;
} {
  const columns = {
    sizeChartId: input.sizeChartId,
    fitNote: input.fitNote,
    modelHeightCm: input.modelHeightCm,
    modelSize: input.modelSize,
    // No chart, no garment measurements (they are measured against it).
    garmentMeasurements: input.sizeChartId === null ? {} : input.garmentMeasurements,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export type ProductColumns = ReturnType<typeof productColumns>;

/** The columns a save writes to the product row: all but `inventory`, which is its variants' sum. */
export function productRowColumns(input: ProductInput, id: string): Omit<ProductColumns, "inventory"> {
  const { inventory: _inventory, ...columns } = productColumns(input, id);
  return columns;
}

export type { CheckedVariant };

/** Whether two sets of form values are the same (the editor's "unsaved changes"). */
export function sameFormValues(a: ProductFormValues, b: ProductFormValues): boolean {
  return PRODUCT_FIELDS.every((field) => {
    const x = a[field];
    const y = b[field];
    if (field === "variants" || field === "garmentMeasurements") return JSON.stringify(x) === JSON.stringify(y);
    return Array.isArray(x) && Array.isArray(y) ? x.length === y.length && x.every((v, i) => v === y[i]) : x === y;
  });
}

/** The fields whose values differ (what the owner changed since the form opened). */
export function changedFormFields(opened: ProductFormValues, now: ProductFormValues): ProductField[] {
  return PRODUCT_FIELDS.filter((field) => {
    const one = { ...opened, [field]: now[field] } as ProductFormValues;
    return !sameFormValues(opened, one);
  });
}
