import { z } from "zod";
import { adminProductFilterSchema } from "./admin-product-query";

/**
 * The product flags the dashboard changes (spec §4: is_active, featured, is_new, is_sale are
 * independent booleans toggled singly or in bulk), the words the toasts use (spec §8 Product admin
 * toasts), and the body of a write to `/admin/products/flags`. Pure: the page and the route share it.
 */

/** The per-row toggles of the list (spec §2: "per-row toggles for active and featured"). */
export const TOGGLE_FLAGS = ["isActive", "featured"] as const;
export type ToggleFlag = (typeof TOGGLE_FLAGS)[number];

/** A flag a bulk action sets. */
export type BulkFlag = "isActive" | "featured" | "isSale";

/** {flag} of 'Product {flag} updated' / 'Failed to update product {flag}': "status" (Active/Inactive) or "featured". */
export const FLAG_WORDS: Record<ToggleFlag, string> = { isActive: "status", featured: "featured" };

export const flagUpdatedMessage = (flag: ToggleFlag) => `Product ${FLAG_WORDS[flag]} updated`;
export const flagFailedMessage = (flag: ToggleFlag) => `Failed to update product ${FLAG_WORDS[flag]}`;

/**
 * The bulk action picker of spec §2, in its order. "Mark as Sale" and "Remove from Sale" change the
 * prices, since a product is on sale exactly when its compare-at price is above its price
 * (decisions.md §6): see `salePrices` and `SALE_PERCENT`.
 */
export const BULK_ACTIONS = [
  { value: "activate", label: "Activate", flag: "isActive", to: true },
  { value: "deactivate", label: "Deactivate", flag: "isActive", to: false },
  { value: "feature", label: "Feature", flag: "featured", to: true },
  { value: "unfeature", label: "Unfeature", flag: "featured", to: false },
  { value: "mark-sale", label: "Mark as Sale", flag: "isSale", to: true },
  { value: "remove-sale", label: "Remove from Sale", flag: "isSale", to: false },
] as const satisfies readonly { value: string; label: string; flag: BulkFlag; to: boolean }[];
export type BulkAction = (typeof BULK_ACTIONS)[number]["value"];

export function bulkActionOf(value: BulkAction) {
  return BULK_ACTIONS.find((a) => a.value === value)!;
}

/** 'Mark as Sale' takes this much off, in whole percent. */
export const SALE_PERCENT = { min: 1, max: 90 } as const;
export const SALE_PERCENT_MESSAGE = `Enter a whole percentage from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}`;

/**
 * A product's prices after 'Mark as Sale' at `percent` off: the price it sold at before (its compare-at
 * price when that is above the price, else its price) is kept as the compare-at price, and the price is
 * that less `percent`, to the cent. Marking again at another percent starts from the same regular price.
 */
export function salePrices(
  product: { priceCents: number; compareAtCents: number | null },
  percent: number,
): { priceCents: number; compareAtCents: number } {
  const regular =
    product.compareAtCents !== null && product.compareAtCents > product.priceCents
      ? product.compareAtCents
      : product.priceCents;
  return { priceCents: Math.round((regular * (100 - percent)) / 100), compareAtCents: regular };
}

/** A product's prices after 'Remove from Sale': the compare-at price (when above the price) is the price again, and cleared. */
export function regularPrices(product: { priceCents: number; compareAtCents: number | null }): {
  priceCents: number;
  compareAtCents: null;
} {
  const regular =
    product.compareAtCents !== null && product.compareAtCents > product.priceCents
      ? product.compareAtCents
      : product.priceCents;
  return { priceCents: regular, compareAtCents: null };
}

export const SELECT_PRODUCTS_FIRST = "Please select products first";
export const BULK_FAILED = "Failed to perform bulk action";
/** n is the number of products the action changed (those already in that state are left alone). */
export const bulkAppliedMessage = (n: number) => `Bulk action applied to ${n} ${n === 1 ? "product" : "products"}`;

/** At most this many ids in one request (a page holds 20; "all matching" sends the filter instead). */
export const MAX_BULK_IDS = 1000;

const productId = z.uuid();

export const flagWriteSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("toggle"),
    id: productId,
    flag: z.enum(TOGGLE_FLAGS),
    /** The state asked for, not "flip": a repeated or late request cannot turn it back. */
    value: z.boolean(),
  }),
  z
    .object({
      intent: z.literal("bulk"),
      action: z.enum(BULK_ACTIONS.map((a) => a.value) as [BulkAction, ...BulkAction[]]),
      /** The selected products, or every product matching the list's filter (resolved by the server). */
      target: z.union([
        z.object({ ids: z.array(productId).max(MAX_BULK_IDS) }),
        z.object({ filter: adminProductFilterSchema }),
      ]),
      /** 'Mark as Sale' only: the percentage off. */
      percent: z
        .number({ error: SALE_PERCENT_MESSAGE })
        .int(SALE_PERCENT_MESSAGE)
        .min(SALE_PERCENT.min, SALE_PERCENT_MESSAGE)
        .max(SALE_PERCENT.max, SALE_PERCENT_MESSAGE)
        .optional(),
    })
    .refine((write) => write.action !== "mark-sale" || write.percent !== undefined, {
      message: SALE_PERCENT_MESSAGE,
      path: ["percent"],
    }),
]);
export type FlagWrite = z.infer<typeof flagWriteSchema>;
export type BulkTarget = Extract<FlagWrite, { intent: "bulk" }>["target"];

/** What the route answers. */
export type FlagWriteResult =
  | { ok: true; intent: "toggle"; id: string; flag: ToggleFlag; value: boolean; message: string }
  | { ok: true; intent: "bulk"; changed: number; message: string }
  | { ok: false; message: string };
