import { z } from "zod";
import { href } from "react-router";
import type { FieldErrors } from "~/lib/forms";
import { UUID_PATTERN } from "~/lib/ids";
import type { FlagWrite, FlagWriteResult } from "./product-flags";
import type { ProductFormValues } from "./product-form";

/**
 * The contract of the product editor, the same for both faces of the back office: /admin's side panel
 * and list send it to `/admin/products/editor` (and `/flags`), the /secure-admin console's modal and
 * table to its Products page (its pass cookie is scoped to /secure-admin); both hand it to one handler
 * (`product-requests.server.ts`). Pure, shared by the routes and the browser.
 *
 * - GET `?id=<product id>` or `?id=new`: the product as the form opens it, the categories, its last
 *   changes and its group.
 * - POST JSON, one of `productCommandSchema`: a save (`{ intent: "save", target, values, version }`),
 *   a duplicate, a flag toggle, a bulk action, or a group write of the editor (create, join, leave).
 *   `/admin/products/flags` and the console's page take the same commands. Every command goes through
 *   one handler and one catalogue command, whoever sends it.
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

/** A size chart the product can pick (issue 29): its columns and sizes, for the garment table. */
export interface SizeChartChoice {
  id: string;
  name: string;
  measurements: string[];
  rows: { size: string; values: number[] }[];
}

export interface EditorChange {
  id: string;
  actor: string;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  at: string;
}

/** A group the product can join (the editor's 'join existing group' list). */
export interface EditorGroupOption {
  id: string;
  name: string;
  members: number;
}

/** Another product of the product's group (spec §2 "related variants"). */
export interface EditorRelatedVariant {
  id: string;
  name: string;
  sku: string;
  priceCents: number;
  image: string;
  variantType: string | null;
  isActive: boolean;
}

/** The product's group as the editor shows it. */
export interface EditorGroup {
  /** The product's group, or null. */
  groupId: string | null;
  /** Its name as the owner reads it (its own, else its first product's name and 'Group'); null without one. */
  groupName: string | null;
  /** The other products of its group. */
  related: EditorRelatedVariant[];
  /** Groups it can join (every group but its own). */
  options: EditorGroupOption[];
}

export const NO_GROUP: EditorGroup = { groupId: null, groupName: null, related: [], options: [] };

export type EditorLoad =
  | {
      ok: true;
      /** What was asked for: a product id or "new". */
      target: string;
      product: EditorProduct | null;
      categories: EditorCategory[];
      /** Every size chart, by name. */
      sizeCharts: SizeChartChoice[];
      changes: EditorChange[];
      group: EditorGroup;
    }
  | { ok: false; target: string; message: string };

export const VERSION_PATTERN = /^\d{1,20}$/;

const versionSchema = z.object({
  updatedAt: z.string().regex(VERSION_PATTERN),
  inventory: z.number().int().min(0).max(2_147_483_647),
  stock: z.string().max(1_000_000),
});

/** A product id as sent (any case), lowercased. */
export const productIdSchema = z
  .string()
  .trim()
  .refine((id) => UUID_PATTERN.test(id))
  .transform((id) => id.toLowerCase());

/**
 * The editor's commands (the flag commands, toggle and bulk, are `flagWriteSchema`'s): the same JSON
 * from either face. `target` is "new" or the product's id; `version` what the form was opened from
 * (required to update).
 */
export const editorCommandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    target: z.union([z.literal("new"), productIdSchema]),
    values: z.record(z.string(), z.unknown()),
    version: versionSchema.nullish(),
  }),
  /** A new inactive draft copy of the product (answered as a create: the copy, 201). */
  z.object({ intent: z.literal("duplicate"), productId: productIdSchema }),
  /** A new group of this product alone, named after it (spec §2 product modal). */
  z.object({ intent: z.literal("group-create"), productId: productIdSchema, name: z.string().max(1_000) }),
  /** This ungrouped product joins an existing group. */
  z.object({
    intent: z.literal("group-join"),
    productId: productIdSchema,
    groupId: z.string().trim().max(200),
    variantType: z.string().max(40).default(""),
  }),
  /** The product leaves its group. */
  z.object({ intent: z.literal("group-leave"), productId: productIdSchema }),
]);

/** A command as a client sends it: the form's values as they are. */
export type EditorCommand =
  | (Omit<Extract<z.input<typeof editorCommandSchema>, { intent: "save" }>, "values"> & { values: ProductFormValues })
  | Exclude<z.input<typeof editorCommandSchema>, { intent: "save" }>;
export type ProductCommand = EditorCommand | FlagWrite;
export type EditorIntent = EditorCommand["intent"];
export type ProductIntent = ProductCommand["intent"];
export type GroupCommandIntent = Extract<EditorIntent, `group-${string}`>;

/** What a command answers (one shape, whichever face sent it). */
export type ProductCommandAnswer =
  | {
      ok: true;
      intent: "save" | "duplicate";
      created: boolean;
      message: string;
      product: EditorProduct;
      changes: EditorChange[];
    }
  | { ok: true; intent: GroupCommandIntent; message: string; product: EditorProduct; group: EditorGroup }
  | Extract<FlagWriteResult, { ok: true }>
  | ProductCommandFailure;

export interface ProductCommandFailure {
  ok: false;
  intent: ProductIntent | null;
  message: string;
  errors: FieldErrors;
  /** On a stale save (409): the product as it is now, for the form to show. */
  current?: EditorProduct;
  changes?: EditorChange[];
}

/** What a save or a duplicate answers. */
export type SaveAnswer = Extract<ProductCommandAnswer, { intent: "save" | "duplicate" }> | ProductCommandFailure;
/** What a group write answers. */
export type GroupCommandAnswer = Extract<ProductCommandAnswer, { intent: GroupCommandIntent }> | ProductCommandFailure;

export const EDITOR_ROUTE = "/admin/products/editor";
/** The console's twin of EDITOR_ROUTE's GET (its pass cookie reaches only /secure-admin/*): the same reader. */
export const CONSOLE_EDITOR_ROUTE = href("/secure-admin/products/editor");

/** The address that opens `target` ("new" or a product id) in the editor, from `route` (a face's editor route). */
export const editorUrl = (target: string, route: string = EDITOR_ROUTE) =>
  `${route}?${new URLSearchParams({ id: target })}`;
