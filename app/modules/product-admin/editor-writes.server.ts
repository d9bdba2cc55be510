import { and, asc, count, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { productGroups, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { hasErrors } from "~/lib/forms";
import { slugify } from "~/modules/catalog/product-rules";
import {
  consoleFormValues,
  editorProductErrors,
  generatedSku,
  groupCreateError,
  resolveUniqueClash,
  withConsoleDefaults,
} from "./console-product-rules";
import type { EditorGroup } from "./editor-api";
import { derivedGroupName, GROUP_MESSAGES, GROUP_NAME_MAX } from "./group-rules";
import type { Actor } from "./product-audit.server";
import { VARIANT_TYPES } from "./product-form";
import {
  createGroup,
  joinGroup,
  PRODUCT_CARD_COLUMNS,
  removeFromGroup,
  withPrimaryImage,
} from "./product-groups.server";
import { saveProduct, type SaveTarget, type SavedProduct } from "./product-save.server";
import { PRODUCT_SAVE_MESSAGES } from "./save-messages";

/**
 * The product editor's writes, the same for both faces of the back office (/admin's side panel and the
 * /secure-admin console's modal; spec §5 "Secure-admin modal save" is the one set of save rules): a save
 * applies the editor's rules (`console-product-rules.ts`) and then goes through `saveProduct` (its field
 * rules, conditional version check and audit); a group is created, joined and left through
 * `product-groups.server.ts`. Reached through `catalogCommands`, which announces each change.
 */

const PRODUCT_NOT_FOUND = PRODUCT_SAVE_MESSAGES.notFound;

/** At most this many groups in the modal's 'join existing group' list. */
export const GROUP_OPTIONS_LIMIT = 200;
/** At most this many related variants shown. */
export const RELATED_LIMIT = 50;

/** The editor's group section of a product: its group, the group's other products, the groups it can join. */
export async function groupInfo(db: Db, productId: string): Promise<EditorGroup> {
  const [self] = await db.select({ groupId: products.productGroupId }).from(products).where(eq(products.id, productId));
  const groupId = self?.groupId ?? null;
  const related = groupId
    ? await db
        .select({ ...PRODUCT_CARD_COLUMNS, variantType: products.variantType })
        .from(products)
        .where(and(eq(products.productGroupId, groupId), ne(products.id, productId)))
        .orderBy(asc(products.name), asc(products.id))
        .limit(RELATED_LIMIT)
    : [];
  const name = sql<string>`coalesce(${productGroups.name}, (array_agg(${products.name} order by ${products.createdAt}, ${products.id}))[1] || ' Group')`;
  const [own] = groupId
    ? await db
        .select({ name })
        .from(products)
        .leftJoin(productGroups, eq(productGroups.id, products.productGroupId))
        .where(eq(products.productGroupId, groupId))
        .groupBy(productGroups.name)
    : [];
  const options = await db
    .select({ id: sql<string>`${products.productGroupId}`, name, members: count() })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.productGroupId))
    .where(and(isNotNull(products.productGroupId), groupId ? ne(products.productGroupId, groupId) : undefined))
    .groupBy(products.productGroupId, productGroups.name)
    .orderBy(sql`2`, asc(products.productGroupId))
    .limit(GROUP_OPTIONS_LIMIT);
  return {
    groupId,
    groupName: own?.name ?? null,
    related: related.map(withPrimaryImage),
    options: options.map((o) => ({ ...o, members: Number(o.members) })),
  };
}

/**
 * The editor's save (spec §5 "Secure-admin modal save", both faces): the rules first (400 with the
 * spec's messages, nothing read or written), a blank slug from the name and a blank SKU
 * 'SKU-{timestamp}'; on edit, a changed slug or SKU another product already has gets the timestamp
 * appended; then the one product save, with its version check and audit record.
 */
export async function saveEditorProduct(
  db: Db,
  actor: Actor,
  target: SaveTarget,
  raw: unknown,
  now: number = Date.now(),
): Promise<SavedProduct> {
  const values = consoleFormValues(raw);
  const errors = editorProductErrors(values, now);
  if (hasErrors(errors)) {
    throw new DomainError("invalid", PRODUCT_SAVE_MESSAGES.invalid, { reason: "INVALID", fieldErrors: errors });
  }
  const ready = withConsoleDefaults(values, now);
  if (target.kind === "update") {
    const [stored] = await db
      .select({ slug: products.slug, sku: products.sku })
      .from(products)
      .where(eq(products.id, target.id));
    if (!stored) throw new DomainError("not-found", PRODUCT_NOT_FOUND, { reason: "NOT_FOUND" });
    const wanted = { slug: slugify(ready.slug.trim()), sku: ready.sku.trim() };
    const others = await db
      .select({ slug: products.slug, sku: products.sku })
      .from(products)
      .where(and(ne(products.id, target.id), or(eq(products.slug, wanted.slug), eq(products.sku, wanted.sku))));
    const resolved = resolveUniqueClash(
      wanted,
      stored,
      { slug: others.some((o) => o.slug === wanted.slug), sku: others.some((o) => o.sku === wanted.sku) },
      now,
    );
    return saveProduct(db, actor, target, { ...ready, ...resolved });
  }
  if (values.sku.trim() !== "") return saveProduct(db, actor, target, ready);
  // A generated SKU is the millisecond's, so products created in the same one (two admins, or quick
  // creates side by side) would share it: a later one takes the next free millisecond's.
  for (let attempt = 0; ; attempt++) {
    try {
      return await saveProduct(db, actor, target, { ...ready, sku: generatedSku(now + attempt) });
    } catch (error) {
      if (attempt >= GENERATED_SKU_ATTEMPTS - 1 || !isDomainError(error, "SKU_TAKEN")) throw error;
    }
  }
}

/** How many milliseconds' SKUs a create with a blank SKU tries before it gives up with 'SKU taken'. */
const GENERATED_SKU_ATTEMPTS = 10;

/**
 * 'Create group' in the modal: a new group of this product alone, named after it, for variants to
 * join (spec §2; the modal's group is where variants start, unlike the groups panel's, made of 2 or more).
 */
export async function createEditorGroup(
  db: Db,
  actor: Actor,
  input: { productId: string; productName: string },
): Promise<void> {
  const problem = groupCreateError(input.productName);
  if (problem) throw new DomainError("invalid", problem, { reason: "NAME_REQUIRED", fieldErrors: { name: problem } });
  const name = derivedGroupName(input.productName.trim()).slice(0, GROUP_NAME_MAX).trim();
  await createGroup(db, actor, { name, description: null, productIds: [input.productId] });
}

/** 'Join existing group': this ungrouped product becomes a variant of the group, pointing at its base product. */
export async function joinEditorGroup(
  db: Db,
  actor: Actor,
  input: { productId: string; groupId: string; variantType: string },
): Promise<void> {
  const variantType = (VARIANT_TYPES as readonly string[]).includes(input.variantType) ? input.variantType : "variant";
  await joinGroup(db, actor, { ...input, variantType });
}

/**
 * 'Leave group': the product's group id and variant type are emptied (spec §4), through the groups
 * panel's removal, so a group left with one product is dissolved as there (spec §9).
 */
export async function leaveEditorGroup(db: Db, actor: Actor, input: { productId: string }): Promise<void> {
  const [row] = await db
    .select({ groupId: products.productGroupId })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!row) throw new DomainError("not-found", PRODUCT_NOT_FOUND, { reason: "NOT_FOUND" });
  if (!row.groupId) throw new DomainError("invalid", GROUP_MESSAGES.notInGroup, { reason: "NOT_IN_GROUP" });
  await removeFromGroup(db, actor, { groupId: row.groupId, productId: input.productId });
}
