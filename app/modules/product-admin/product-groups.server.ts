import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { productGroups, products } from "#db/schema/index";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { recordAudit } from "~/modules/audit/audit.server";
import type { FieldChanges } from "~/modules/audit/field-changes";
import { primaryImage } from "~/modules/catalog/product-rules";
import {
  alreadyGroupedMessage,
  GROUP_MESSAGES,
  groupView,
  newGroupId,
  planCreate,
  planDelete,
  planJoin,
  planRemove,
  type CreateGroupInput,
  type GroupsPage,
  type MemberRow,
  type PlannedChange,
  type UngroupedPage,
} from "./group-rules";
import { productTextMatch } from "./admin-product-list.server";
import { recordProductChanges, type Actor } from "./product-audit.server";
import { changedFields } from "./product-changes";
import { PRODUCT_SAVE_MESSAGES } from "./save-messages";

const PRODUCT_NOT_FOUND = PRODUCT_SAVE_MESSAGES.notFound;

/**
 * Product groups (spec §2 groups panel, §3, §4; docs/decisions/0010-product-groups.md): the products
 * sharing a `product_group_id`, with the name and description given in the panel kept in
 * `product_groups`. Each write is one transaction: the products concerned are locked (in id order, so
 * two writers never deadlock), the pure plan of `group-rules.ts` says what changes, one conditional
 * UPDATE applies it (only rows still in the group they were read in), and the audit trail records it.
 */

export const GROUPS_PAGE_SIZE = 20;
/** The create form's checklist shows this many ungrouped products; a search finds the others. */
export const CHECKLIST_LIMIT = 50;

/** When a group was made: the panel's record, else the timestamp in a 'group_<ms>' id, else its first product's. */
const groupCreatedAt = () => sql`coalesce(
  ${productGroups.createdAt},
  to_timestamp((substring(${products.productGroupId} from '^group_([0-9]{13})(?:_|$)'))::bigint / 1000.0),
  min(${products.createdAt})
)`;

/** A page of groups, newest first, each with its members; and the totals over all groups. */
export async function listGroups(db: Db, options: { page: number }): Promise<GroupsPage> {
  const [totals] = await db
    .select({
      groups: sql<number>`count(distinct ${products.productGroupId})`.mapWith(Number),
      variants: count(),
    })
    .from(products)
    .where(isNotNull(products.productGroupId));
  const totalGroups = totals?.groups ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalGroups / GROUPS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(options.page) || 1), pageCount);

  const groups = await db
    .select({
      id: sql<string>`${products.productGroupId}`,
      name: productGroups.name,
      description: productGroups.description,
      createdAt: groupCreatedAt().mapWith((value: string | Date) => new Date(value)),
    })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.productGroupId))
    .where(isNotNull(products.productGroupId))
    .groupBy(products.productGroupId, productGroups.id)
    .orderBy(sql`${groupCreatedAt()} desc`, asc(products.productGroupId))
    .limit(GROUPS_PAGE_SIZE)
    .offset((page - 1) * GROUPS_PAGE_SIZE);

  const ids = groups.map((g) => g.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            name: products.name,
            slug: products.slug,
            sku: products.sku,
            priceCents: products.priceCents,
            imageUrl: products.imageUrl,
            images: products.images,
            isActive: products.isActive,
            productGroupId: products.productGroupId,
            variantType: products.variantType,
            parentProductId: products.parentProductId,
            createdAt: products.createdAt,
          })
          .from(products)
          .where(inArray(products.productGroupId, ids));

  return {
    groups: groups.map((group) =>
      groupView(
        group,
        members.filter((m) => m.productGroupId === group.id).map((m) => ({ ...m, image: primaryImage(m) })),
      ),
    ),
    totalGroups,
    totalVariants: totals?.variants ?? 0,
    page,
    pageCount,
  };
}

/** What a product shows in a group's lists (the checklist, the console's related variants). */
export const PRODUCT_CARD_COLUMNS = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  priceCents: products.priceCents,
  imageUrl: products.imageUrl,
  images: products.images,
  isActive: products.isActive,
};

/** A row of PRODUCT_CARD_COLUMNS with its primary image in place of the image columns. */
export const withPrimaryImage = <T extends { imageUrl: string | null; images: string[] | null }>({
  imageUrl,
  images,
  ...row
}: T) => ({ ...row, image: primaryImage({ imageUrl, images }) });

/** Ungrouped products for the create form's checklist: by name, matching a search (as the product list's), at most `limit`. */
export async function listUngrouped(db: Db, options: { q: string; limit?: number }): Promise<UngroupedPage> {
  const q = options.q.trim().slice(0, 100);
  const limit = options.limit ?? CHECKLIST_LIMIT;
  const where = and(isNull(products.productGroupId), productTextMatch(q));
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select(PRODUCT_CARD_COLUMNS)
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
  return {
    products: rows.map(withPrimaryImage),
    total: counted?.n ?? 0,
    q,
    limit,
  };
}

/** The products matching `where`, locked for this transaction, in id order. */
function lockMembers(tx: Tx, where: SQL): Promise<(MemberRow & { sku: string })[]> {
  return tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      productGroupId: products.productGroupId,
      variantType: products.variantType,
      parentProductId: products.parentProductId,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .for("update");
}

/**
 * Applies a plan in one statement. Each row is written only if it is still in the group it was read in
 * (`is not distinct from`, so "still ungrouped" for a new group): the locks make that certain, and the
 * condition keeps it true even for a caller that did not lock. Anything else rolls the write back.
 */
async function applyPlan(tx: Tx, plan: readonly PlannedChange[]): Promise<void> {
  if (plan.length === 0) return;
  const values = sql.join(
    plan.map(
      (c) =>
        sql`(${c.productId}::uuid, ${c.before.productGroupId}::text, ${c.after.productGroupId}::text, ${c.after.variantType}::text, ${c.after.parentProductId}::uuid)`,
    ),
    sql`, `,
  );
  const written = await queryRows<{ id: string }>(
    tx,
    sql`update products as p
        set product_group_id = v.group_id, variant_type = v.variant_type, parent_product_id = v.parent_id, updated_at = now()
        from (values ${values}) as v(id, expected_group_id, group_id, variant_type, parent_id)
        where p.id = v.id and p.product_group_id is not distinct from v.expected_group_id
        returning p.id`,
  );
  if (written.length !== plan.length) {
    throw new DomainError("conflict", GROUP_MESSAGES.changedMeanwhile, { reason: "GROUP_CHANGED" });
  }
}

/** The audit entries of a plan: `{ productGroupId: [old, new], variantType: [old, new], … }` per product. */
/** The group's own audit row (issue 32), beside the `product.group` row of each product it moved. */
const groupAudit = (verb: "create" | "delete" | "dissolve", id: string, name: string, changes: FieldChanges) => ({
  action: `group.${verb}`,
  objectType: "group" as const,
  objectId: id,
  objectName: name,
  changes,
});

const auditEntries = (plan: readonly PlannedChange[]) =>
  plan.map((c) => ({ productId: c.productId, changes: changedFields({ ...c.before }, { ...c.after }) }));

/**
 * Creates a group of the chosen products (spec §4). Only products that are still ungrouped when the
 * transaction locks them are taken: if any is gone or already grouped (another admin was quicker),
 * nothing is written and the answer names them.
 */
export async function createGroup(
  db: Db,
  actor: Actor,
  input: CreateGroupInput,
  id: string = newGroupId(),
): Promise<{ id: string; name: string; count: number }> {
  return db.transaction(async (tx) => {
    const rows = await lockMembers(tx, inArray(products.id, input.productIds));
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (input.productIds.some((productId) => !byId.has(productId))) {
      throw new DomainError("invalid", GROUP_MESSAGES.unknownProducts, {
        reason: "UNKNOWN_PRODUCTS",
        fieldErrors: { productIds: GROUP_MESSAGES.unknownProducts },
      });
    }
    const chosen = input.productIds.map((productId) => byId.get(productId)!);
    const grouped = chosen.filter((row) => row.productGroupId !== null);
    if (grouped.length > 0) {
      const message = alreadyGroupedMessage(grouped.map((row) => row.name));
      throw new DomainError("invalid", message, { reason: "ALREADY_GROUPED", fieldErrors: { productIds: message } });
    }
    const plan = planCreate(chosen, id);
    await tx.insert(productGroups).values({ id, name: input.name, description: input.description });
    await applyPlan(tx, plan);
    await recordProductChanges(tx, actor, "group", auditEntries(plan));
    await recordAudit(tx, actor, [
      groupAudit("create", id, input.name, {
        name: [null, input.name],
        description: [null, input.description ?? null],
        products: [null, chosen.map((row) => row.name)],
      }),
    ]);
    return { id, name: input.name, count: plan.length };
  });
}

/**
 * An ungrouped product joins an existing group (the console's 'Join existing group'): the group's
 * members and the product are locked together; the group must still have members and the product must
 * still be ungrouped, else nothing is written and the answer says which.
 */
export async function joinGroup(
  db: Db,
  actor: Actor,
  input: { productId: string; groupId: string; variantType: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockMembers(
      tx,
      or(eq(products.productGroupId, input.groupId), eq(products.id, input.productId))!,
    );
    const joining = rows.find((row) => row.id === input.productId);
    if (!joining) throw new DomainError("not-found", PRODUCT_NOT_FOUND, { reason: "NOT_FOUND" });
    const members = rows.filter((row) => row !== joining && row.productGroupId === input.groupId);
    if (members.length === 0) {
      throw new DomainError("not-found", GROUP_MESSAGES.groupNotFound, { reason: "GROUP_NOT_FOUND" });
    }
    const plan = planJoin(members, joining, input.groupId, input.variantType);
    if (!plan) {
      throw new DomainError("invalid", alreadyGroupedMessage([joining.name]), { reason: "ALREADY_GROUPED" });
    }
    await applyPlan(tx, [plan]);
    await recordProductChanges(tx, actor, "group", auditEntries([plan]));
  });
}

/**
 * Takes a product out of its group (spec §4). A group that would be left with one product is
 * dissolved instead (spec §9), and its stored name goes with it.
 */
export async function removeFromGroup(
  db: Db,
  actor: Actor,
  target: { groupId: string; productId: string },
): Promise<{ dissolved: boolean; released: number }> {
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, eq(products.productGroupId, target.groupId));
    if (members.length === 0) {
      throw new DomainError("not-found", GROUP_MESSAGES.groupNotFound, { reason: "GROUP_NOT_FOUND" });
    }
    const plan = planRemove(members, target.productId);
    if (!plan) throw new DomainError("not-found", GROUP_MESSAGES.notInGroup, { reason: "NOT_IN_GROUP" });
    await applyPlan(tx, plan.changes);
    await recordProductChanges(tx, actor, "group", auditEntries(plan.changes));
    if (plan.dissolved) {
      const [named] = await tx
        .delete(productGroups)
        .where(eq(productGroups.id, target.groupId))
        .returning({ name: productGroups.name });
      const name = named?.name ?? "";
      await recordAudit(tx, actor, [
        groupAudit("dissolve", target.groupId, name, { products: [members.map((row) => row.name), []] }),
      ]);
    }
    return {
      dissolved: plan.dissolved,
      released: plan.changes.filter((c) => c.after.productGroupId === null).length,
    };
  });
}

/** Deletes a group (spec §4): every member's group fields are cleared; the products stay. */
export async function deleteGroup(db: Db, actor: Actor, groupId: string): Promise<{ released: number }> {
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, eq(products.productGroupId, groupId));
    const named = await tx
      .delete(productGroups)
      .where(eq(productGroups.id, groupId))
      .returning({ id: productGroups.id, name: productGroups.name });
    if (members.length === 0 && named.length === 0) {
      throw new DomainError("not-found", GROUP_MESSAGES.groupNotFound, { reason: "GROUP_NOT_FOUND" });
    }
    const plan = planDelete(members);
    await applyPlan(tx, plan);
    await recordProductChanges(tx, actor, "group", auditEntries(plan));
    await recordAudit(tx, actor, [
      groupAudit("delete", groupId, named[0]?.name ?? "", { products: [members.map((row) => row.name), []] }),
    ]);
    return { released: members.length };
  });
}
