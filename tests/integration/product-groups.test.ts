import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productChanges, productGroups, products } from "#db/schema/index";
import { lastProductChanges } from "~/modules/product-admin/product-audit.server";
import {
  GROUP_MESSAGES,
  type GroupActionAnswer,
  type GroupsAnswer,
  type GroupView,
} from "~/modules/product-admin/group-rules";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let adminCookie = "";
let customerCookie = "";

beforeAll(async () => {
  // Cache lifetimes far longer than the test: a product page that changes was emptied, not expired.
  server = await startTestServer({
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "OwnerPass123",
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, "owner@example.com", "OwnerPass123");
  customerCookie = (await signUp(server, "groupie@example.com")).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;
const ROUTE = "/admin/products/groups";

async function getGroups(query = "", cookie = adminCookie) {
  const res = await fetch(`${server.url}${ROUTE}${query}`, { headers: { cookie }, redirect: "manual" });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const body = (await res.json()) as GroupsAnswer;
  if (!body.ok) throw new Error(body.message);
  return body;
}

/** A form POST as the admin, or as whoever `cookie` says (null: a visitor without cookies). */
function post(fields: Record<string, string>, cookie: string | null = adminCookie, path = ROUTE) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

async function act(fields: Record<string, string>) {
  const res = await post(fields);
  return { status: res.status, body: (await res.json()) as GroupActionAnswer };
}

/** Active ungrouped products nobody else in this file uses, oldest first. */
const taken = new Set<string>();
async function freshProducts(n: number) {
  const rows = await db()
    .select({ id: products.id, name: products.name, slug: products.slug, variantType: products.variantType })
    .from(products)
    .where(and(isNull(products.productGroupId), eq(products.isActive, true)))
    .orderBy(asc(products.createdAt), asc(products.slug));
  const picked = rows.filter((row) => !taken.has(row.id)).slice(0, n);
  for (const row of picked) taken.add(row.id);
  expect(picked).toHaveLength(n);
  return picked;
}

const groupFields = (ids: string[]) =>
  db()
    .select({
      id: products.id,
      productGroupId: products.productGroupId,
      variantType: products.variantType,
      parentProductId: products.parentProductId,
    })
    .from(products)
    .where(inArray(products.id, ids));

async function groupRowCount() {
  return (await db().select({ n: count() }).from(productGroups))[0]!.n;
}
async function auditCount() {
  return (await db().select({ n: count() }).from(productChanges))[0]!.n;
}

/** Everything a refused request must leave alone. */
async function snapshot() {
  const grouped = await db()
    .select({ id: products.id, g: products.productGroupId, v: products.variantType, p: products.parentProductId })
    .from(products)
    .orderBy(asc(products.id));
  return { grouped, groups: await groupRowCount(), audit: await auditCount() };
}

async function guestGet(path: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get("x-cache"), html: await res.text() };
}

async function createGroup(ids: string[], name = "Test group", description = "") {
  const { status, body } = await act({ intent: "create", name, description, productIds: ids.join(",") });
  expect(status, JSON.stringify(body)).toBe(200);
  if (!body.ok) throw new Error(body.message);
  return body.groupId;
}

async function findGroup(id: string): Promise<GroupView | undefined> {
  for (let page = 1; ; page++) {
    const { groups } = await getGroups(`?part=groups&page=${page}`);
    const found = groups!.groups.find((g) => g.id === id);
    if (found || page >= groups!.pageCount) return found;
  }
}

describe(`product groups panel API (${databaseKind})`, () => {
  it("lists the demo catalogue's groups with counts and derived texts, and a limited, searchable checklist", async () => {
    const body = await getGroups();
    const groups = body.groups!;
    const [totals] = await db().select({ variants: count() }).from(products).where(isNotNull(products.productGroupId));
    expect(groups.totalVariants).toBe(totals!.variants);
    expect(groups.totalGroups).toBeGreaterThanOrEqual(3);
    expect(groups.groups.length).toBe(Math.min(groups.totalGroups, 20));
    for (const group of groups.groups) {
      const base = group.variants[0]!;
      expect(base.isBase).toBe(true);
      expect(group.baseProduct).toEqual({ id: base.id, name: base.name });
      // Demo groups were not made in the panel: the spec's derived name and description.
      expect(group.name).toBe(`${base.name} Group`);
      expect(group.description).toBe(`Product group with ${group.variants.length} variants`);
      expect(group.variants.every((v) => v.sku && v.image && typeof v.priceCents === "number")).toBe(true);
    }

    const ungrouped = body.ungrouped!;
    const [free] = await db().select({ n: count() }).from(products).where(isNull(products.productGroupId));
    expect(ungrouped.total).toBe(free!.n);
    expect(ungrouped.products.length).toBe(Math.min(free!.n, ungrouped.limit));
    expect(ungrouped.limit).toBe(50);

    const someone = ungrouped.products[0]!;
    const searched = await getGroups(`?part=ungrouped&q=${encodeURIComponent(someone.sku)}`);
    expect(searched.groups).toBeUndefined();
    expect(searched.ungrouped!.products.map((p) => p.id)).toContain(someone.id);
    expect((await getGroups("?part=ungrouped&q=%25%25%25")).ungrouped!.total).toBe(0);
  });

  it("creates a group: shared id, variant type 'variant', the first chosen as base, its name kept, audited, and the guest product page's swatches follow at once", async () => {
    const [a, b, c] = await freshProducts(3);
    // The guest page of the first product is cached, without swatches to the others.
    await guestGet(`/product/${a!.slug}`);
    const cached = await guestGet(`/product/${a!.slug}`);
    expect(cached.cache).toBe("HIT");
    expect(linksTo(cached.html, b!.slug)).toBe(false);

    const id = await createGroup([a!.id, b!.id, c!.id], "  Autumn colours ", "Three shades");
    expect(id).toMatch(/^group_\d{13}_[a-z2-9]{10}$/);

    const rows = await groupFields([a!.id, b!.id, c!.id]);
    for (const row of rows) {
      expect(row.productGroupId).toBe(id);
      expect(row.variantType).toBe("variant");
      expect(row.parentProductId).toBe(row.id === a!.id ? null : a!.id);
    }
    const [stored] = await db().select().from(productGroups).where(eq(productGroups.id, id));
    expect(stored).toMatchObject({ name: "Autumn colours", description: "Three shades" });

    const group = (await findGroup(id))!;
    expect(group.name).toBe("Autumn colours");
    expect(group.description).toBe("Three shades");
    expect(group.variants.map((v) => v.id)[0]).toBe(a!.id);
    expect(group.variants).toHaveLength(3);

    const audit = await db()
      .select()
      .from(productChanges)
      .where(and(eq(productChanges.action, "group"), inArray(productChanges.productId, [a!.id, b!.id, c!.id])));
    expect(audit).toHaveLength(3);
    for (const row of audit) {
      expect(row.actorLabel).toBe("owner@example.com");
      expect(row.actorId).toBeTruthy();
      expect(row.changes.productGroupId).toEqual([null, id]);
      expect(row.changes.variantType?.[1]).toBe("variant");
    }
    // The editor's history says it in words: the group's name, the main colour's name, no ids.
    const [history] = await lastProductChanges(db(), b!.id);
    expect(history!.changes).toMatchObject({
      productGroupId: [null, "Autumn colours"],
      parentProductId: [null, a!.name],
    });
    expect(history!.changes.variantType?.[1]).toBe("Variant");

    const page = await guestGet(`/product/${a!.slug}`);
    expect(page.cache).toBe("MISS");
    expect(linksTo(page.html, b!.slug)).toBe(true);
    expect(linksTo(page.html, c!.slug)).toBe(true);
    // And from a member's own page back to the base.
    expect(linksTo((await guestGet(`/product/${b!.slug}`)).html, a!.slug)).toBe(true);
  });

  it("a group without a description shows the derived one", async () => {
    const [a, b] = await freshProducts(2);
    const id = await createGroup([a!.id, b!.id], "Pair");
    const [stored] = await db().select().from(productGroups).where(eq(productGroups.id, id));
    expect(stored!.description).toBeNull();
    expect((await findGroup(id))!.description).toBe("Product group with 2 variants");
  });

  it("refuses a blank name or fewer than 2 products with the spec's message, and saves nothing", async () => {
    const [a, b] = await freshProducts(2);
    const before = await snapshot();
    for (const fields of [
      { name: "Solo", productIds: a!.id },
      { name: "   ", productIds: `${a!.id},${b!.id}` },
      { name: "Twice", productIds: `${a!.id},${a!.id}` },
      { name: "", productIds: "" },
    ]) {
      const { status, body } = await act({ intent: "create", description: "", ...fields });
      expect(status).toBe(400);
      expect(body.message).toBe("Please enter a group name and select at least 2 products");
      expect(body.ok).toBe(false);
    }
    expect(await snapshot()).toEqual(before);
    taken.delete(a!.id);
    taken.delete(b!.id);
  });

  it("refuses unknown ids, malformed ids, a huge name and products already grouped, with clear 400s and nothing half-saved", async () => {
    const [a, b] = await freshProducts(2);
    const [grouped] = await db()
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(isNotNull(products.productGroupId))
      .limit(1);
    const before = await snapshot();
    const cases: [Record<string, string>, string][] = [
      [{ name: "Ghost", productIds: `${a!.id},00000000-0000-4000-8000-000000000000` }, GROUP_MESSAGES.unknownProducts],
      [{ name: "Bad", productIds: `${a!.id},'; drop table products; --` }, GROUP_MESSAGES.unknownProducts],
      [{ name: "x".repeat(5000), productIds: `${a!.id},${b!.id}` }, GROUP_MESSAGES.nameTooLong],
      [
        { name: "Long", description: "d".repeat(501), productIds: `${a!.id},${b!.id}` },
        GROUP_MESSAGES.descriptionTooLong,
      ],
      [
        { name: "Grab", productIds: `${a!.id},${grouped!.id}` },
        `${grouped!.name} is already in a group. Refresh the list and choose again.`,
      ],
    ];
    for (const [fields, message] of cases) {
      const { status, body } = await act({ intent: "create", description: "", ...fields });
      expect(status, message).toBe(400);
      expect(body.message).toBe(message);
    }
    const unknown = await act({ intent: "regroup" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(GROUP_MESSAGES.unknownIntent);
    expect(await snapshot()).toEqual(before);
  });

  it("admins racing for the same product: one group gets it, every other request changes nothing", async () => {
    // Several rounds of three simultaneous creates sharing one product (on PostgreSQL, three connections).
    for (let round = 0; round < 4; round++) {
      const [shared, ...others] = await freshProducts(4);
      const before = { groups: await groupRowCount(), audit: await auditCount() };
      const answers = await Promise.all(
        others.map((other, i) =>
          act({
            intent: "create",
            name: `Racer ${round}.${i}`,
            description: "",
            productIds: i % 2 ? `${shared!.id},${other!.id}` : `${other!.id},${shared!.id}`,
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
      const winner = answers.findIndex((a) => a.status === 200);
      for (const [i, answer] of answers.entries()) {
        if (i === winner) continue;
        expect(answer.body.message).toBe(`${shared!.name} is already in a group. Refresh the list and choose again.`);
      }
      const won = answers[winner]!.body;
      const rows = await groupFields([shared!.id, ...others.map((o) => o!.id)]);
      const groupOf = (id: string) => rows.find((r) => r.id === id)!.productGroupId;
      expect(groupOf(shared!.id)).toBe(won.ok ? won.groupId : "");
      // The losers' other products stayed ungrouped.
      for (const [i, other] of others.entries()) {
        expect(groupOf(other!.id)).toBe(i === winner ? groupOf(shared!.id) : null);
      }
      expect(await groupRowCount()).toBe(before.groups + 1);
      expect(await auditCount()).toBe(before.audit + 2);
    }
  });

  it("removes a product from a group, re-points the others when the base leaves, and dissolves a group left with one", async () => {
    const [a, b, c, d] = await freshProducts(4);
    const id = await createGroup([a!.id, b!.id, c!.id, d!.id], "Four");
    await guestGet(`/product/${d!.slug}`);
    expect((await guestGet(`/product/${d!.slug}`)).cache).toBe("HIT");

    let answer = await act({ intent: "remove-member", groupId: id, productId: d!.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: "Product removed from group", dissolved: false });
    expect(await groupFields([d!.id])).toEqual([
      { id: d!.id, productGroupId: null, variantType: null, parentProductId: null },
    ]);
    const left = (await db().select().from(productChanges).where(eq(productChanges.productId, d!.id))).find(
      (row) => row.changes.productGroupId?.[1] === null,
    );
    expect(left?.changes).toEqual({
      productGroupId: [id, null],
      variantType: ["variant", null],
      parentProductId: [a!.id, null],
    });
    // The page of the product that left shows no swatches at once.
    const page = await guestGet(`/product/${d!.slug}`);
    expect(page.cache).toBe("MISS");
    expect(linksTo(page.html, a!.slug)).toBe(false);

    // The base leaves: the next base is the oldest remaining, the other points at it.
    answer = await act({ intent: "remove-member", groupId: id, productId: a!.id });
    expect(answer.status).toBe(200);
    const rows = await groupFields([b!.id, c!.id]);
    const bRow = rows.find((r) => r.id === b!.id)!;
    const cRow = rows.find((r) => r.id === c!.id)!;
    expect([bRow.productGroupId, cRow.productGroupId]).toEqual([id, id]);
    expect(bRow.parentProductId).toBeNull();
    expect(cRow.parentProductId).toBe(b!.id);
    expect((await findGroup(id))!.baseProduct!.id).toBe(b!.id);

    // Two left: removing one dissolves the group (minimum 2 per group).
    answer = await act({ intent: "remove-member", groupId: id, productId: c!.id });
    expect(answer.body).toMatchObject({ ok: true, message: "Product removed from group", dissolved: true });
    expect((await groupFields([b!.id, c!.id])).map((r) => r.productGroupId)).toEqual([null, null]);
    expect(await db().select().from(productGroups).where(eq(productGroups.id, id))).toEqual([]);
    expect(await findGroup(id)).toBeUndefined();

    const gone = await act({ intent: "remove-member", groupId: id, productId: c!.id });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(GROUP_MESSAGES.groupNotFound);
  });

  it("refuses to remove a product that is not in the group", async () => {
    const [a, b, outsider] = await freshProducts(3);
    const id = await createGroup([a!.id, b!.id], "Two");
    const before = await snapshot();
    const answer = await act({ intent: "remove-member", groupId: id, productId: outsider!.id });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(GROUP_MESSAGES.notInGroup);
    expect((await act({ intent: "remove-member", groupId: id, productId: "nope" })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("deletes a group: every member's group fields cleared, audited, product page updated; a second delete is a 404", async () => {
    const [a, b, c] = await freshProducts(3);
    const id = await createGroup([a!.id, b!.id, c!.id], "Doomed");
    await guestGet(`/product/${b!.slug}`);
    expect(linksTo((await guestGet(`/product/${b!.slug}`)).html, a!.slug)).toBe(true);
    const auditBefore = await auditCount();

    const answer = await act({ intent: "delete", groupId: id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: "Product group deleted successfully" });
    expect(await groupFields([a!.id, b!.id, c!.id])).toEqual(
      expect.arrayContaining(
        [a!, b!, c!].map((p) => ({ id: p.id, productGroupId: null, variantType: null, parentProductId: null })),
      ),
    );
    expect(await auditCount()).toBe(auditBefore + 3);
    expect(await db().select().from(productGroups).where(eq(productGroups.id, id))).toEqual([]);
    expect(await findGroup(id)).toBeUndefined();
    const page = await guestGet(`/product/${b!.slug}`);
    expect(page.cache).toBe("MISS");
    expect(linksTo(page.html, a!.slug)).toBe(false);

    const again = await act({ intent: "delete", groupId: id });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Product group not found");
  });

  it("deletes a demo group that has no stored name", async () => {
    const [demo] = await db()
      .select({ id: products.productGroupId })
      .from(products)
      .where(isNotNull(products.productGroupId))
      .orderBy(asc(products.productGroupId))
      .limit(1);
    const groupId = demo!.id!;
    const members = await db().select({ id: products.id }).from(products).where(eq(products.productGroupId, groupId));
    const answer = await act({ intent: "delete", groupId });
    expect(answer.status).toBe(200);
    expect(
      (await groupFields(members.map((m) => m.id))).every((r) => r.productGroupId === null && r.variantType === null),
    ).toBe(true);
  });
});

describe(`the create form's checklist on a large catalogue (${databaseKind})`, () => {
  it("answers the first 50 of 10,000 ungrouped products, and a search finds any of them", async () => {
    await db().execute(sql`
      insert into products (name, slug, sku, price_cents)
      select 'Bulk tee ' || n, 'bulk-tee-' || n, 'BULK-' || lpad(n::text, 5, '0'), 1000 + n
      from generate_series(1, 10000) as n`);
    const started = performance.now();
    const { ungrouped } = await getGroups("?part=ungrouped");
    const elapsed = performance.now() - started;
    expect(ungrouped!.products).toHaveLength(50);
    expect(ungrouped!.total).toBeGreaterThanOrEqual(10_000);
    expect(elapsed).toBeLessThan(2_000);
    const found = await getGroups("?part=ungrouped&q=BULK-07345");
    expect(found.ungrouped!.products.map((p) => p.name)).toEqual(["Bulk tee 7345"]);
    expect(found.ungrouped!.total).toBe(1);
  });
});

describe(`product groups are for admins only (${databaseKind})`, () => {
  it("gives a visitor or a customer no groups, through the URL or the loader's data URL", async () => {
    for (const cookie of [undefined, customerCookie]) {
      for (const path of [ROUTE, `${ROUTE}?part=ungrouped`, `${ROUTE}.data`, `${ROUTE}.data?part=groups`]) {
        const res = await fetch(`${server.url}${path}`, {
          redirect: "manual",
          headers: cookie ? { cookie } : {},
        });
        const body = await res.text();
        expect(res.status, path).not.toBe(200);
        expect(body, path).not.toContain("variants");
        expect(body, path).not.toContain("sku");
        expect(body, path).not.toContain("ungrouped");
      }
    }
  });

  it("lets a visitor or a customer change nothing, whatever the intent or the body", async () => {
    const [a, b] = await freshProducts(2);
    const id = await createGroup([a!.id, b!.id], "Guarded");
    const before = await snapshot();
    const bodies: Record<string, string>[] = [
      {
        intent: "create",
        name: "Mine",
        description: "",
        productIds: (await freshProducts(2)).map((p) => p.id).join(","),
      },
      { intent: "remove-member", groupId: id, productId: a!.id },
      { intent: "delete", groupId: id },
      { intent: "create" },
      {},
    ];
    for (const cookie of [null, customerCookie]) {
      for (const fields of bodies) {
        for (const path of [ROUTE, `${ROUTE}.data`]) {
          const res = await post(fields, cookie, path);
          const text = await res.text();
          expect([200, 201].includes(res.status) && text.includes("successfully"), `${path} ${fields.intent}`).toBe(
            false,
          );
          if (path === ROUTE) {
            expect(res.status).toBe(302);
            expect(res.headers.get("location")).toBe("/");
          }
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** Whether a page links a product's page (a colour swatch may carry the chosen size: `?size=M`). */
function linksTo(html: string, slug: string): boolean {
  return new RegExp(`href="/product/${slug}(?:\\?size=[^"]*)?"`).test(html);
}
