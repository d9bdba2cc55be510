import { z } from "zod";
import type { FieldErrors } from "~/lib/forms";
import type { ProductFormValues } from "./product-form";

/**
 * The contract of the editor's resource route (`/admin/products/editor`), shared by the route and
 * the side panel. Pure.
 *
 * - GET `?id=<product id>` or `?id=new`: the product as the form opens it, the categories, and the
 *   product's last changes.
 * - POST `?id=<product id>` or `?id=new`, JSON `{ values, version }`: saves. The id is the URL's,
 *   never the body's; `version` is what the form was opened from (required to update).
 * - POST `?id=<product id>`, JSON `{ intent: "duplicate" }`: duplicates the product (answered as a
 *   create: the copy, 201).
 */

/**
 * The version an edit starts from: `updatedAt` is the row's updated_at in epoch microseconds, as
 * text (exact; a JavaScript Date would drop the microseconds), compared in SQL; `inventory` is the
 * stock the form showed, `stock` the same per variant (`stockSignature`).
 */
export interface ProductVersion {
  updatedAt: string;
  inventory: number;
  stock: string;
}

export interface EditorProduct {
  id: string;
  values: ProductFormValues;
  version: ProductVersion;
  /** The saved slug (the product page's address). */
  slug: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EditorCategory {
  id: string;
  name: string;
  isActive: boolean;
}

export interface EditorChange {
  id: string;
  actor: string;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  at: string;
}

export type EditorLoad =
  | {
      ok: true;
      /** What was asked for: a product id or "new". */
      target: string;
      product: EditorProduct | null;
      categories: EditorCategory[];
      changes: EditorChange[];
    }
  | { ok: false; target: string; message: string };

export type SaveAnswer =
  | { ok: true; created: boolean; message: string; product: EditorProduct; changes: EditorChange[] }
  | {
      ok: false;
      message: string;
      errors?: FieldErrors;
      /** On a stale save (409): the product as it is now, for the panel to show. */
      current?: EditorProduct;
      changes?: EditorChange[];
    };

export const VERSION_PATTERN = /^\d{1,20}$/;

export const saveRequestSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  version: z
    .object({
      updatedAt: z.string().regex(VERSION_PATTERN),
      inventory: z.number().int().min(0).max(2_147_483_647),
      stock: z.string().max(1_000_000),
    })
    .nullish(),
});

export type SaveRequest = z.infer<typeof saveRequestSchema>;

/** POST `?id=<product id>` with `{ intent: "duplicate" }`: a new inactive draft copy of the product (201). */
export const duplicateRequestSchema = z.object({ intent: z.literal("duplicate") });

export const EDITOR_ROUTE = "/admin/products/editor";

export const editorUrl = (target: string) => `${EDITOR_ROUTE}?${new URLSearchParams({ id: target })}`;
