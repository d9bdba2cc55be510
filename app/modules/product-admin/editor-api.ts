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
 */

/**
 * The version an edit starts from: `updatedAt` is the row's updated_at in epoch microseconds, as
 * text (exact; a JavaScript Date would drop the microseconds), compared in SQL; `inventory` is the
 * stock the form showed.
 */
export interface ProductVersion {
  updatedAt: string;
  inventory: number;
}

export interface EditorProduct {
  id: string;
  values: ProductFormValues;
  version: ProductVersion;
  /** The saved slug (the product page's address). */
  slug: string;
  /** The product has no compare-at price: the form shows the spec's pre-fill (price × 1.2). */
  compareAtPrefilled: boolean;
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
    })
    .nullish(),
});

export type SaveRequest = z.infer<typeof saveRequestSchema>;

export const EDITOR_ROUTE = "/admin/products/editor";

export const editorUrl = (target: string) => `${EDITOR_ROUTE}?${new URLSearchParams({ id: target })}`;
