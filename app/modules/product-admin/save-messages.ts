import { databaseError } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { PRODUCT_MESSAGES, type ProductField } from "./product-form";

/**
 * What the product save answers (spec §8 "Product admin toasts" and "Product save DB codes"), and the
 * one mapping from a database error of a product write to those messages. Pure.
 */
export const PRODUCT_SAVE_MESSAGES = {
  created: "Product created successfully",
  updated: "Product updated successfully",
  failed: "Failed to save product",
  invalid: "Failed to save product: please check the highlighted fields",
  notFound: "Product not found",
  /** Someone else saved the product after this form was opened. */
  stale: "This product was changed by someone else. Review the current values and save again.",
  /** Orders took (or returned) stock, or someone set it, after this form was opened. */
  stockMoved: "The stock of this product changed while you were editing. Review the current inventory and save again.",
  slugTaken: "A product with this URL slug already exists. Please modify the product name or slug.",
  skuTaken: "A product with this SKU already exists. Please use a different SKU.",
  duplicate: "A product with these details already exists. Please modify unique fields.",
  invalidData: "Invalid data provided. Please check all fields and try again.",
  missing: "Required fields are missing. Please fill in all required information.",
} as const;

export type ProductSaveReason =
  | "INVALID"
  | "NOT_FOUND"
  | "STALE"
  | "STOCK_MOVED"
  | "SLUG_TAKEN"
  | "SKU_TAKEN"
  | "DUPLICATE"
  | "CHECK_FAILED"
  | "MISSING_FIELD"
  | "UNKNOWN_CATEGORY";

/** The form field a products column or constraint belongs to. */
const FIELD_OF: Readonly<Record<string, ProductField>> = {
  name: "name",
  slug: "slug",
  sku: "sku",
  price_cents: "price",
  price: "price",
  original_price: "compareAtPrice",
  original_price_cents: "compareAtPrice",
  inventory: "inventory",
  variant_type: "variantType",
  category_id: "categoryId",
  description: "description",
  images: "images",
};

/** The column the database named (23502 carries it as `column`), looked for through the wrappers' `cause`. */
function columnOf(error: unknown): string | undefined {
  let e = error as { column?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.column === "string") return e.column;
  }
  return undefined;
}

/** The field of a products constraint: products_price_check → price, products_sku_unique → sku. */
function fieldOfConstraint(constraint: string | undefined): ProductField | undefined {
  const match = constraint && /^products_(.+?)(?:_check|_unique|_key|_categories_id_fk)?$/.exec(constraint);
  return match ? FIELD_OF[match[1]!] : undefined;
}

const withField = (field: ProductField | undefined, message: string) => (field ? { [field]: message } : undefined);

/**
 * The DomainError for a database error of a product save (spec §8 "Product save DB codes"), or null
 * for any other error — which then goes to errorAnswer's safe summary with the request id. Works on
 * what either driver throws (PGlite and pg both carry `code`, `constraint` and `column`), wrapped by
 * the ORM or not. Never carries the database's own text.
 */
export function productSaveFailure(error: unknown): DomainError<ProductSaveReason> | null {
  const db = databaseError(error);
  if (!db) return null;
  const M = PRODUCT_SAVE_MESSAGES;
  switch (db.code) {
    case "23505": {
      const field = fieldOfConstraint(db.constraint);
      if (field === "slug") {
        return new DomainError("conflict", M.slugTaken, { reason: "SLUG_TAKEN", fieldErrors: { slug: M.slugTaken } });
      }
      if (field === "sku") {
        return new DomainError("conflict", M.skuTaken, { reason: "SKU_TAKEN", fieldErrors: { sku: M.skuTaken } });
      }
      return new DomainError("conflict", M.duplicate, { reason: "DUPLICATE" });
    }
    case "23514":
      return new DomainError("invalid", M.invalidData, {
        reason: "CHECK_FAILED",
        fieldErrors: withField(fieldOfConstraint(db.constraint), M.invalidData),
      });
    case "23502": {
      const column = columnOf(error);
      return new DomainError("invalid", M.missing, {
        reason: "MISSING_FIELD",
        fieldErrors: withField(column ? FIELD_OF[column] : undefined, M.missing),
      });
    }
    case "23503":
      // The category was deleted while the form was open.
      if (fieldOfConstraint(db.constraint) === "categoryId") {
        return new DomainError("invalid", PRODUCT_MESSAGES.category, {
          reason: "UNKNOWN_CATEGORY",
          fieldErrors: { categoryId: PRODUCT_MESSAGES.category },
        });
      }
      return null;
    default:
      return null;
  }
}
