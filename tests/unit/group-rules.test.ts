import { describe, expect, it } from "vitest";
import { parseValues } from "~/lib/forms";
import {
  alreadyGroupedMessage,
  baseMember,
  countLabel,
  createGroupSchema,
  derivedGroupDescription,
  derivedGroupName,
  GROUP_MESSAGES,
  groupView,
  MAX_GROUP_SIZE,
  newGroupId,
  orderMembers,
  parseProductIds,
  planCreate,
  planDelete,
  planJoin,
  planRemove,
  randomSuffix,
  removeMemberSchema,
  type MemberRow,
} from "~/modules/product-admin/group-rules";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function member(n: number, fields: Partial<MemberRow> = {}): MemberRow {
  return {
    id: uuid(n),
    name: `Product ${n}`,
    createdAt: new Date(Date.UTC(2026, 0, n)),
    productGroupId: null,
    variantType: null,
    parentProductId: null,
    ...fields,
  };
}

/** A group as the panel makes it: the first is the base, the others point at it. */
function group(id: string, ...ns: number[]): MemberRow[] {
  return ns.map((n, i) =>
    member(n, { productGroupId: id, variantType: "variant", parentProductId: i === 0 ? null : uuid(ns[0]!) }),
  );
}

const form = (values: Partial<Record<"name" | "description" | "productIds", string>>) =>
  parseValues(createGroupSchema, { name: "", description: "", productIds: "", ...values });

describe("the create form (spec §5)", () => {
  it("needs a name and at least 2 products, with the spec's one message at the first field to fix", () => {
    expect(form({ name: "  ", productIds: `${uuid(1)},${uuid(2)}` })).toEqual({
      ok: false,
      errors: { name: GROUP_MESSAGES.required },
    });
    expect(form({ name: "Hoodies", productIds: uuid(1) })).toEqual({
      ok: false,
      errors: { productIds: GROUP_MESSAGES.required },
    });
    expect(form({ name: "", productIds: "" })).toEqual({ ok: false, errors: { name: GROUP_MESSAGES.required } });
    expect(GROUP_MESSAGES.required).toBe("Please enter a group name and select at least 2 products");
  });

  it("counts a product chosen twice once", () => {
    expect(form({ name: "Hoodies", productIds: `${uuid(1)},${uuid(1)}` })).toEqual({
      ok: false,
      errors: { productIds: GROUP_MESSAGES.required },
    });
  });

  it("trims, keeps the order of the choice, and turns a blank description into none", () => {
    expect(
      form({ name: "  Hoodies ", description: "  ", productIds: ` ${uuid(2)}, ${uuid(1).toUpperCase()} ,` }),
    ).toEqual({
      ok: true,
      data: { name: "Hoodies", description: null, productIds: [uuid(2), uuid(1)] },
    });
    expect(form({ name: "Hoodies", description: " Warm ", productIds: `${uuid(1)},${uuid(2)}` })).toMatchObject({
      ok: true,
      data: { description: "Warm" },
    });
  });

  it("refuses a name or description over its limit, too many products and ids that are not product ids", () => {
    const two = `${uuid(1)},${uuid(2)}`;
    expect(form({ name: "x".repeat(101), productIds: two })).toEqual({
      ok: false,
      errors: { name: GROUP_MESSAGES.nameTooLong },
    });
    expect(form({ name: "x".repeat(100), productIds: two }).ok).toBe(true);
    expect(form({ name: "Hoodies", description: "x".repeat(501), productIds: two })).toEqual({
      ok: false,
      errors: { description: GROUP_MESSAGES.descriptionTooLong },
    });
    const many = Array.from({ length: MAX_GROUP_SIZE + 1 }, (_, i) => uuid(i + 1)).join(",");
    expect(form({ name: "Hoodies", productIds: many })).toEqual({
      ok: false,
      errors: { productIds: GROUP_MESSAGES.tooMany },
    });
    expect(form({ name: "Hoodies", productIds: `${uuid(1)},1; drop table products` })).toEqual({
      ok: false,
      errors: { productIds: GROUP_MESSAGES.unknownProducts },
    });
  });

  it("parses the comma-separated choice", () => {
    expect(parseProductIds("")).toEqual([]);
    expect(parseProductIds("a, b,,A ,c")).toEqual(["a", "b", "c"]);
  });

  it("checks the ids of a removal", () => {
    expect(removeMemberSchema.safeParse({ groupId: "group_demo_hoodie", productId: uuid(1) }).success).toBe(true);
    expect(removeMemberSchema.safeParse({ groupId: "", productId: uuid(1) }).success).toBe(false);
    expect(removeMemberSchema.safeParse({ groupId: "g".repeat(201), productId: uuid(1) }).success).toBe(false);
    expect(removeMemberSchema.safeParse({ groupId: "group_1", productId: "not-a-uuid" }).success).toBe(false);
  });
});

describe("group ids (spec §3)", () => {
  it("are 'group_' + a millisecond timestamp + a random suffix", () => {
    expect(newGroupId(1795461625628, "abc")).toBe("group_1795461625628_abc");
    expect(newGroupId()).toMatch(/^group_\d{13}_[a-z2-9]{10}$/);
  });

  it("do not collide when made in the same millisecond", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newGroupId(1795461625628)));
    expect(ids.size).toBe(10_000);
    expect(randomSuffix(16)).toMatch(/^[a-z2-9]{16}$/);
  });
});

describe("derived texts (spec §3)", () => {
  it("names a group after its first product and describes it by its size", () => {
    expect(derivedGroupName("Essential Hoodie - Black")).toBe("Essential Hoodie - Black Group");
    expect(derivedGroupDescription(3)).toBe("Product group with 3 variants");
    expect(countLabel(1, "group")).toBe("1 group");
    expect(countLabel(0, "group")).toBe("0 groups");
    expect(countLabel(2, "variant")).toBe("2 variants");
  });

  it("names the products that are already grouped", () => {
    expect(alreadyGroupedMessage(["Tee"])).toBe("Tee is already in a group. Refresh the list and choose again.");
    expect(alreadyGroupedMessage(["Tee", "Cap"])).toMatch(/^Tee and Cap are already in a group/);
    expect(alreadyGroupedMessage(["A", "B", "C", "D", "E"])).toMatch(/^A, B, C and 2 more are already in a group/);
  });

  it("shows the stored name and description, or the derived ones, with the base product first", () => {
    const rows = group("group_x", 3, 1, 2).map((m) => ({
      ...m,
      slug: `p-${m.name}`,
      sku: m.name,
      priceCents: 1000,
      image: "/i.svg",
      isActive: true,
    }));
    const createdAt = new Date("2026-02-01T00:00:00Z");
    const derived = groupView({ id: "group_x", name: null, description: null, createdAt }, rows);
    expect(derived.name).toBe("Product 3 Group");
    expect(derived.description).toBe("Product group with 3 variants");
    expect(derived.baseProduct).toEqual({ id: uuid(3), name: "Product 3" });
    expect(derived.variants.map((v) => [v.name, v.isBase])).toEqual([
      ["Product 3", true],
      ["Product 1", false],
      ["Product 2", false],
    ]);
    expect(derived.createdAt).toBe("2026-02-01T00:00:00.000Z");
    const named = groupView({ id: "group_x", name: "Hoodies", description: "Warm", createdAt }, rows);
    expect([named.name, named.description]).toEqual(["Hoodies", "Warm"]);
  });
});

describe("the base product", () => {
  it("is the member whose parent is outside the group, else the oldest", () => {
    expect(baseMember(group("g", 2, 1))!.id).toBe(uuid(2));
    // Nobody points anywhere (grouped elsewhere): the oldest.
    expect(baseMember([member(3, { productGroupId: "g" }), member(2, { productGroupId: "g" })])!.id).toBe(uuid(2));
    // Everybody points at somebody in the group: the oldest.
    const loop = [member(5, { parentProductId: uuid(4) }), member(4, { parentProductId: uuid(5) })];
    expect(baseMember(loop)!.id).toBe(uuid(4));
    expect(orderMembers(group("g", 9, 3, 5)).map((m) => m.id)).toEqual([uuid(9), uuid(3), uuid(5)]);
  });
});

describe("planning group writes (spec §4)", () => {
  it("create: every chosen product gets the id and 'variant'; the first chosen is the base", () => {
    const plan = planCreate([member(2, { variantType: "color" }), member(1)], "group_new");
    expect(plan).toEqual([
      {
        productId: uuid(2),
        before: { productGroupId: null, variantType: "color", parentProductId: null },
        after: { productGroupId: "group_new", variantType: "variant", parentProductId: null },
      },
      {
        productId: uuid(1),
        before: { productGroupId: null, variantType: null, parentProductId: null },
        after: { productGroupId: "group_new", variantType: "variant", parentProductId: uuid(2) },
      },
    ]);
  });

  it("delete: every member's group id and variant type emptied, parents inside the group dropped", () => {
    const members = [...group("g", 1, 2, 3)];
    members[2] = { ...members[2]!, parentProductId: uuid(99) };
    const plan = planDelete(members);
    expect(plan.map((c) => c.after)).toEqual([
      { productGroupId: null, variantType: null, parentProductId: null },
      { productGroupId: null, variantType: null, parentProductId: null },
      // A parent outside the group is not the group's to clear.
      { productGroupId: null, variantType: null, parentProductId: uuid(99) },
    ]);
  });

  it("remove: the product leaves; a group of 3 keeps 2", () => {
    const plan = planRemove(group("g", 1, 2, 3), uuid(3))!;
    expect(plan.dissolved).toBe(false);
    expect(plan.changes).toEqual([
      {
        productId: uuid(3),
        before: { productGroupId: "g", variantType: "variant", parentProductId: uuid(1) },
        after: { productGroupId: null, variantType: null, parentProductId: null },
      },
    ]);
  });

  it("remove: when the base leaves, the others follow the next base", () => {
    const plan = planRemove(group("g", 1, 2, 3, 4), uuid(1))!;
    expect(plan.dissolved).toBe(false);
    expect(plan.changes.map((c) => [c.productId, c.after])).toEqual([
      [uuid(1), { productGroupId: null, variantType: null, parentProductId: null }],
      [uuid(2), { productGroupId: "g", variantType: "variant", parentProductId: null }],
      [uuid(3), { productGroupId: "g", variantType: "variant", parentProductId: uuid(2) }],
      [uuid(4), { productGroupId: "g", variantType: "variant", parentProductId: uuid(2) }],
    ]);
  });

  it("remove: a group of 2 is dissolved (minimum 2 per group, spec §9)", () => {
    const plan = planRemove(group("g", 1, 2), uuid(2))!;
    expect(plan.dissolved).toBe(true);
    expect(plan.changes.map((c) => [c.productId, c.after.productGroupId, c.after.variantType])).toEqual([
      [uuid(1), null, null],
      [uuid(2), null, null],
    ]);
  });

  it("remove: null for a product that is not a member", () => {
    expect(planRemove(group("g", 1, 2, 3), uuid(7))).toBeNull();
  });
});

describe("joining a group (the console's 'Join existing group')", () => {
  it("points the product at the group's base, with the group's id and the variant type asked", () => {
    const plan = planJoin(group("g", 1, 2), member(5), "g", "color");
    expect(plan).toEqual({
      productId: uuid(5),
      before: { productGroupId: null, variantType: null, parentProductId: null },
      after: { productGroupId: "g", variantType: "color", parentProductId: uuid(1) },
    });
  });

  it("refuses a product already in a group, and a group without members", () => {
    expect(planJoin(group("g", 1, 2), member(5, { productGroupId: "h" }), "g", "color")).toBeNull();
    expect(planJoin([], member(5), "g", "color")).toBeNull();
  });
});
