import { z } from "zod";

/**
 * The pure rules of product groups (spec §3, §4, §5, §9; docs/decisions/0010-product-groups.md),
 * shared by the groups panel in the browser and the server: the create form's check with the spec's
 * message, group ids, the derived name and description, and the plan of each group write (which
 * products change which group fields), so the server's transaction only locks, applies and records.
 */

/** Spec §9: a group has at least 2 products. */
export const MIN_GROUP_SIZE = 2;
/** A colour/size family, not a catalogue: one create request names at most this many products. */
export const MAX_GROUP_SIZE = 100;
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 500;
/** Spec §3: the variant type of products grouped from the groups panel. */
export const PANEL_VARIANT_TYPE = "variant";

export const GROUP_MESSAGES = {
  /** Spec §5. */
  required: "Please enter a group name and select at least 2 products",
  nameTooLong: `Group name must be at most ${GROUP_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${GROUP_DESCRIPTION_MAX} characters`,
  tooMany: `A group can have at most ${MAX_GROUP_SIZE} products`,
  unknownProducts: "Some selected products no longer exist. Refresh the list and choose again.",
  groupNotFound: "Product group not found",
  notInGroup: "This product is no longer in the group",
  changedMeanwhile: "The group changed while you were editing it. Refresh and try again.",
  unknownIntent: "Unknown product group action",
  /** Spec §8 toasts. */
  loadFailed: "Failed to load product groups",
  createFailed: "Failed to create product group",
  created: "Product group created successfully",
  removeFailed: "Failed to remove product from group",
  removed: "Product removed from group",
  deleteFailed: "Failed to delete product group",
  deleted: "Product group deleted successfully",
} as const;

/** "Tee is already in a group" / "Tee, Cap and 3 more are already in a group". */
export function alreadyGroupedMessage(names: readonly string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(", ")} and ${more} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`
        : (shown[0] ?? "");
  return `${list} ${names.length === 1 ? "is" : "are"} already in a group. Refresh the list and choose again.`;
}

/** "1 group", "3 groups": the spec's 'n groups', 'n variants' with the singular where n is 1. */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Spec §3: '{first product name} Group', for a group nobody named. */
export const derivedGroupName = (baseProductName: string) => `${baseProductName} Group`;
/** Spec §3: 'Product group with n variants', for a group without a description. */
export const derivedGroupDescription = (count: number) => `Product group with ${countLabel(count, "variant")}`;

// ── Ids ──────────────────────────────────────────────────────────────────────────────────────────

/** Lowercase letters and digits without look-alikes (no 0/o, 1/l): 32 symbols, 5 bits each. */
const SUFFIX_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A random suffix of `length` symbols (50 bits for 10) from the platform's cryptographic generator. */
export function randomSuffix(length = 10): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => SUFFIX_ALPHABET[byte & 31]).join("");
}

/**
 * Spec §3: 'group_' + a millisecond timestamp, with a random suffix so two groups made in the same
 * millisecond (two admins, two instances) never share an id: `group_1795461625628_k3j9x2abq7`.
 */
export function newGroupId(now: number = Date.now(), suffix: string = randomSuffix()): string {
  return `group_${now}_${suffix}`;
}

// ── The create form (the same schema in the panel and the action) ───────────────────────────────

export const CREATE_GROUP_FIELDS = ["name", "description", "productIds"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The chosen products as the form sends them: ids separated by commas, in the order they were ticked. */
export function parseProductIds(value: string): string[] {
  const ids = value
    .split(",")
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(ids)];
}

export const joinProductIds = (ids: readonly string[]) => ids.join(",");

export interface CreateGroupInput {
  name: string;
  /** Null when left blank: the group shows the derived description. */
  description: string | null;
  /** In the order chosen; the first is the group's base product. */
  productIds: string[];
}

/**
 * The 'Create New Group' form: a non-empty name and at least 2 products (spec §5, one message for
 * both, shown at the first field to fix), within the length and size limits.
 */
export const createGroupSchema = z
  .object({ name: z.string(), description: z.string(), productIds: z.string() })
  .transform((raw, ctx): CreateGroupInput => {
    const name = raw.name.trim();
    const description = raw.description.trim();
    const productIds = parseProductIds(raw.productIds);
    const issue = (path: keyof CreateGroupInput, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (name.length > GROUP_NAME_MAX) issue("name", GROUP_MESSAGES.nameTooLong);
    if (description.length > GROUP_DESCRIPTION_MAX) issue("description", GROUP_MESSAGES.descriptionTooLong);
    if (name === "" || productIds.length < MIN_GROUP_SIZE)
      issue(name === "" ? "name" : "productIds", GROUP_MESSAGES.required);
    else if (productIds.length > MAX_GROUP_SIZE) issue("productIds", GROUP_MESSAGES.tooMany);
    else if (!productIds.every((id) => UUID.test(id))) issue("productIds", GROUP_MESSAGES.unknownProducts);
    return { name, description: description === "" ? null : description, productIds };
  });

const groupIdField = z
  .string()
  .trim()
  .min(1, GROUP_MESSAGES.groupNotFound)
  .max(200, GROUP_MESSAGES.groupNotFound)
  .regex(/^[\w.:-]+$/, GROUP_MESSAGES.groupNotFound);

export const REMOVE_MEMBER_FIELDS = ["groupId", "productId"] as const;
export const removeMemberSchema = z.object({
  groupId: groupIdField,
  productId: z.string().trim().toLowerCase().regex(UUID, GROUP_MESSAGES.notInGroup),
});

export const DELETE_GROUP_FIELDS = ["groupId"] as const;
export const deleteGroupSchema = z.object({ groupId: groupIdField });

/** The intents of POST /admin/products/groups. */
export const GROUP_INTENTS = ["create", "remove-member", "delete"] as const;
export type GroupIntent = (typeof GROUP_INTENTS)[number];
export const isGroupIntent = (value: unknown): value is GroupIntent =>
  typeof value === "string" && (GROUP_INTENTS as readonly string[]).includes(value);

/** The toast of a failed write, per intent (spec §8). */
export const FAILED_TOAST: Record<GroupIntent, string> = {
  create: GROUP_MESSAGES.createFailed,
  "remove-member": GROUP_MESSAGES.removeFailed,
  delete: GROUP_MESSAGES.deleteFailed,
};

// ── Planning a group write ─────────────────────────────────────────────────────────────────────

/** The fields of a product that say which group it is in (spec §3). */
export interface GroupFields {
  productGroupId: string | null;
  variantType: string | null;
  /** The group's base (main) product, for the other members; the storefront shows the base first. */
  parentProductId: string | null;
}

export interface MemberRow extends GroupFields {
  id: string;
  name: string;
  createdAt: Date;
}

/** One product's group fields before and after a write. */
export interface PlannedChange {
  productId: string;
  before: GroupFields;
  after: GroupFields;
}

const fieldsOf = (row: GroupFields): GroupFields => ({
  productGroupId: row.productGroupId,
  variantType: row.variantType,
  parentProductId: row.parentProductId,
});

const sameFields = (a: GroupFields, b: GroupFields) =>
  a.productGroupId === b.productGroupId && a.variantType === b.variantType && a.parentProductId === b.parentProductId;

const change = (row: MemberRow, after: GroupFields): PlannedChange => ({
  productId: row.id,
  before: fieldsOf(row),
  after,
});

/**
 * The group's base product: a member whose parent is not a member (the demo catalogue's main product,
 * the first product chosen in the panel), the earliest created first; a group whose members all point
 * at each other falls back to the earliest created.
 */
export function baseMember<T extends MemberRow>(members: readonly T[]): T | undefined {
  const ids = new Set(members.map((m) => m.id));
  const byAge = [...members].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return byAge.find((m) => m.parentProductId === null || !ids.has(m.parentProductId)) ?? byAge[0];
}

/** Members as the panel lists them: the base first, then by name (as the product page's swatches). */
export function orderMembers<T extends MemberRow>(members: readonly T[]): T[] {
  const base = baseMember(members);
  return [...members].sort(
    (a, b) => Number(b === base) - Number(a === base) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}

/** A product out of its group: group id and variant type emptied (spec §4), no parent inside the group. */
function released(row: MemberRow, memberIds: ReadonlySet<string>): GroupFields {
  return {
    productGroupId: null,
    variantType: null,
    parentProductId: row.parentProductId !== null && memberIds.has(row.parentProductId) ? null : row.parentProductId,
  };
}

/**
 * Creating a group (spec §4): every chosen product gets the new id and variant type 'variant'; the
 * first chosen is the base, the others point at it. The rows must all be ungrouped (checked by the
 * caller, and again by the write's condition).
 */
export function planCreate(chosen: readonly MemberRow[], groupId: string): PlannedChange[] {
  const base = chosen[0];
  if (!base) return [];
  return chosen.map((row) =>
    change(row, {
      productGroupId: groupId,
      variantType: PANEL_VARIANT_TYPE,
      parentProductId: row.id === base.id ? null : base.id,
    }),
  );
}

/**
 * An ungrouped product joining a group (the console's 'Join existing group', spec §2): it takes the
 * group's id and `variantType`, and points at the group's base product. Null when the group has no
 * members or the product is already in a group (the caller says which).
 */
export function planJoin(
  members: readonly MemberRow[],
  joining: MemberRow,
  groupId: string,
  variantType: string,
): PlannedChange | null {
  const base = baseMember(members);
  if (!base || joining.productGroupId !== null) return null;
  return change(joining, { productGroupId: groupId, variantType, parentProductId: base.id });
}

/** Deleting a group (spec §4): every member's group fields are cleared. */
export function planDelete(members: readonly MemberRow[]): PlannedChange[] {
  const ids = new Set(members.map((m) => m.id));
  return members.map((row) => change(row, released(row, ids))).filter((c) => !sameFields(c.before, c.after));
}

/**
 * Taking one product out of its group (spec §4). A group left with fewer than 2 products is dissolved
 * (spec §9: minimum 2 per group): the last member is released too. When the base leaves, the members
 * that pointed at it point at the next base. Null when the product is not a member.
 */
export function planRemove(
  members: readonly MemberRow[],
  productId: string,
): { changes: PlannedChange[]; dissolved: boolean } | null {
  const leaving = members.find((m) => m.id === productId);
  if (!leaving) return null;
  const remaining = members.filter((m) => m !== leaving);
  if (remaining.length < MIN_GROUP_SIZE) return { changes: planDelete(members), dissolved: true };

  const ids = new Set(members.map((m) => m.id));
  const changes = [change(leaving, released(leaving, ids))];
  const orphans = remaining.filter((m) => m.parentProductId === leaving.id);
  if (orphans.length > 0) {
    const next = baseMember(remaining)!;
    for (const row of orphans) {
      changes.push(change(row, { ...fieldsOf(row), parentProductId: row.id === next.id ? null : next.id }));
    }
  }
  return { changes: changes.filter((c) => !sameFields(c.before, c.after)), dissolved: false };
}

// ── What GET /admin/products/groups answers (the panel's contract) ─────────────────────────────

export interface GroupMemberView {
  id: string;
  name: string;
  slug: string;
  sku: string;
  priceCents: number;
  image: string;
  isActive: boolean;
  /** The group's base product (spec §3). */
  isBase: boolean;
}

export interface GroupView {
  id: string;
  /** The name given in the panel, else '{first product name} Group'. */
  name: string;
  /** The description given in the panel, else 'Product group with n variants'. */
  description: string;
  /** ISO date. */
  createdAt: string;
  baseProduct: { id: string; name: string } | null;
  variants: GroupMemberView[];
}

export interface GroupsPage {
  groups: GroupView[];
  /** All groups and all grouped products, not only this page's. */
  totalGroups: number;
  totalVariants: number;
  page: number;
  pageCount: number;
}

export interface UngroupedProduct {
  id: string;
  name: string;
  sku: string;
  priceCents: number;
  image: string;
  isActive: boolean;
}

export interface UngroupedPage {
  products: UngroupedProduct[];
  /** How many ungrouped products match the search (the list shows at most `limit`). */
  total: number;
  q: string;
  limit: number;
}

export type GroupsAnswer =
  { ok: true; groups?: GroupsPage; ungrouped?: UngroupedPage } | { ok: false; message: string };

export type GroupActionAnswer =
  | { ok: true; intent: GroupIntent; message: string; groupId: string; dissolved?: boolean }
  | { ok: false; intent: GroupIntent | null; message: string; errors: Partial<Record<string, string>> };

/** A group as the panel shows it, from its stored name and description (null when none) and its members. */
export function groupView<T extends MemberRow & Omit<GroupMemberView, "isBase">>(
  group: { id: string; name: string | null; description: string | null; createdAt: Date },
  members: readonly T[],
): GroupView {
  const ordered = orderMembers(members);
  const base = ordered[0];
  return {
    id: group.id,
    name: group.name ?? derivedGroupName(base?.name ?? "Product"),
    description: group.description ?? derivedGroupDescription(members.length),
    createdAt: group.createdAt.toISOString(),
    baseProduct: base ? { id: base.id, name: base.name } : null,
    variants: ordered.map((m) => ({
      id: m.id,
      name: m.name,
      slug: m.slug,
      sku: m.sku,
      priceCents: m.priceCents,
      image: m.image,
      isActive: m.isActive,
      isBase: m === base,
    })),
  };
}
