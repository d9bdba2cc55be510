import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products } from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import {
  CONSOLE_EDITOR_ROUTE,
  EDITOR_ROUTE,
  editorUrl,
  type EditorLoad,
  type EditorProduct,
  type ProductCommandAnswer,
} from "~/modules/product-admin/editor-api";
import { saveEditorProduct } from "~/modules/product-admin/editor-writes.server";
import { newProductValues, type ProductFormValues } from "~/modules/product-admin/product-form";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The console's Products over HTTP (spec §2 "Secure admin" Products tab and product modal, §5
 * "Secure-admin modal save"): nothing is read or written without the console pass; with it the list
 * and its filter, the flag toggles, the bulk activation, the modal's save (its rules, the generated SKU,
 * the slug/SKU clash on edit) and the modal's group writes — the same JSON commands /admin sends to
 * /admin/products/editor, sent to the console's page (its pass cookie is scoped to /secure-admin) and
 * handled by the same handler, recorded in the audit trail as the admin account.
 * tests/integration/product-faces.test.ts holds the two faces side by side.
 */
const PASSWORD = "Console-Products-2026";
const ADMIN_EMAIL = "owner@example.com";
const PATH = "/secure-admin/products";
let server: TestServer;
let cookie = "";
let categoryId = "";

const db = () => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer({ SECURE_ADMIN_PASSWORD: PASSWORD, ADMIN_EMAIL, PAGE_CACHE_SECONDS: "600" });
  const res = await fetch(`${server.url}/secure-admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url },
    body: new URLSearchParams({ intent: "login", password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const set = res.headers.getSetCookie().find((c) => c.startsWith("abundance.secure_admin="));
  cookie = set!.split(";")[0]!;
  const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
  categoryId = category!.id;
});
afterAll(async () => {
  await server?.stop();
});

/** A product command as JSON to the console's page, with the console's pass (or `pass`). */
const post = (body: unknown, pass = cookie, path = `${PATH}.data`) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/json", ...(pass ? { cookie: pass } : {}) },
    body: JSON.stringify(body),
  });

type Answer = ProductCommandAnswer & {
  product?: EditorProduct;
  changed?: number;
  created?: boolean;
  errors?: Record<string, string>;
};

async function answer(res: Response): Promise<Answer> {
  const { value } = await decodeTurboStream(res.body!, globalThis);
  return (value as { data: Answer }).data;
}

/** Posts with the pass and answers the status and the command's answer. */
async function act(body: Record<string, unknown>) {
  const res = await post(body);
  return { status: res.status, body: await answer(res) };
}

/** The modal's data, as it loads it (the console's twin of /admin/products/editor). */
const editorLoad = async (target: string, pass = cookie) => {
  const res = await fetch(`${server.url}${editorUrl(target, CONSOLE_EDITOR_ROUTE)}`, {
    headers: pass ? { cookie: pass } : {},
  });
  return { status: res.status, body: (await res.json()) as EditorLoad };
};

const page = async (search = "", pass = cookie) => {
  const res = await fetch(`${server.url}${PATH}${search}`, {
    redirect: "manual",
    headers: pass ? { cookie: pass } : {},
  });
  expect(res.status).toBe(200);
  return res.text();
};

const values = (changes: Partial<ProductFormValues>): ProductFormValues => ({
  ...newProductValues(),
  categoryId,
  price: "39.00",
  inventory: "12",
  ...changes,
});

const save = (target: string, formValues: ProductFormValues, version?: EditorProduct) =>
  act({ intent: "save", target, values: formValues, version: version ? version.version : null });

const productById = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0]!;

async function someProducts(n: number) {
  return db()
    .select({ id: products.id, name: products.name, slug: products.slug, sku: products.sku })
    .from(products)
    .where(isNull(products.productGroupId))
    .orderBy(products.name)
    .limit(n);
}

const auditCount = async () => (await db().select({ n: count() }).from(productChanges))[0]!.n;

describe(`the console's Products without a pass (${databaseKind})`, () => {
  it("shows 'Admin Access' and no product", async () => {
    const html = await page("", "");
    expect(html).toContain("Admin Access");
    expect(html).not.toContain("Product Management");
    expect(html).not.toContain("Activate Selected");
  });

  it("sends every product command away without a pass (a forged one too) and changes nothing", async () => {
    const [first, second] = await someProducts(2);
    const before = {
      products: await db().select().from(products).orderBy(products.id),
      audit: await auditCount(),
    };
    const forged = "abundance.secure_admin=%2200000000-0000-4000-8000-000000000000%22.bogus";
    const bodies: Record<string, unknown>[] = [
      { intent: "toggle", id: first!.id, flag: "isActive", value: false },
      { intent: "toggle", id: first!.id, flag: "featured", value: true },
      { intent: "bulk", action: "activate", target: { ids: [first!.id, second!.id] } },
      { intent: "save", target: "new", values: values({ name: "Intruder Tee", price: "9.00" }), version: null },
      { intent: "duplicate", productId: first!.id },
      { intent: "group-create", productId: first!.id, name: first!.name },
      { intent: "group-join", productId: first!.id, groupId: "group_0_none", variantType: "" },
      { intent: "group-leave", productId: first!.id },
    ];
    for (const pass of ["", forged]) {
      for (const body of bodies) {
        for (const path of [`${PATH}.data`, PATH]) {
          const res = await post(body, pass, path);
          expect(res.status, `${String(body.intent)} ${path}`).toBe(401);
          if (path.endsWith(".data")) expect((await answer(res)).message).toBe(SECURE_ADMIN_MESSAGES.forbidden);
        }
        // Nor do /admin's endpoints take the console's pass.
        for (const path of [EDITOR_ROUTE, `${EDITOR_ROUTE}.data`, "/admin/products/flags"]) {
          const res = await post(body, pass, path);
          expect([302, 202, 204], `${String(body.intent)} ${path}`).toContain(res.status);
          expect(await res.text()).not.toContain(first!.sku);
        }
        // A command posted as a form (as the console once sent them) is no command.
        const form = await fetch(`${server.url}${PATH}.data`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, ...(pass ? { cookie: pass } : {}) },
          body: new URLSearchParams({ intent: String(body.intent), productId: first!.id }),
        });
        expect(form.status).toBeGreaterThanOrEqual(400);
      }
      // Nor does it open the editor.
      const read = await fetch(`${server.url}${EDITOR_ROUTE}?id=${first!.id}`, {
        redirect: "manual",
        headers: pass ? { cookie: pass } : {},
      });
      expect(read.status).toBe(302);
    }
    expect(await db().select().from(products).orderBy(products.id)).toEqual(before.products);
    expect(await auditCount()).toBe(before.audit);
  });
});

describe(`the console's Products list (${databaseKind})`, () => {
  it("shows the statistics, 20 a page, 'Showing a to b of n products' and 'Page x of y'", async () => {
    const all = await db().select({ isActive: products.isActive }).from(products);
    const html = await page();
    for (const label of ["Total", "Active", "Inactive", "Featured"]) expect(html).toContain(`>${label}</dt>`);
    expect(html).toContain(`Showing 1 to 20 of ${all.length} products`);
    expect(html).toContain(`Page 1 of ${Math.ceil(all.length / 20)}`);
    for (const label of [
      "Create Product",
      "Refresh",
      "Activate Selected",
      "Active Only",
      "Inactive Only",
      "Featured Only",
    ])
      expect(html).toContain(label);
  });

  it("filters by status and searches, in the URL", async () => {
    const [product] = await someProducts(1);
    await db().update(products).set({ isActive: false }).where(eq(products.id, product!.id));
    const inactive = (await db().select({ n: count() }).from(products).where(eq(products.isActive, false)))[0]!.n;
    const html = await page("?status=inactive");
    expect(html).toContain(`of ${inactive} products`);
    expect(html).toContain(`Select ${product!.name}`);
    const found = await page(`?q=${encodeURIComponent(product!.sku)}`);
    expect(found).toContain("Showing 1 to 1 of 1 products");
    await db().update(products).set({ isActive: true }).where(eq(products.id, product!.id));
  });

  it("opens the modal from the URL: 'Create New Product', or 'Edit Product' with the product", async () => {
    expect(await page("?edit=new")).toContain("Create New Product");
    const [product] = await someProducts(1);
    const html = await page(`?edit=${product!.id}`);
    expect(html).toContain("Edit Product");
    expect(html).toContain("Update Product");
    // Its data comes by the modal's load, as /admin's side panel's does.
    const load = await editorLoad(product!.id);
    expect(load.status).toBe(200);
    expect(load.body.ok && load.body.product?.id).toBe(product!.id);
    expect(load.body.ok && load.body.product?.updatedAt).toBeTruthy();
    expect((await editorLoad("new")).body).toMatchObject({ ok: true, target: "new", product: null });
    expect((await editorLoad("6f9619ff-8b86-4011-b42d-00c04fc964ff")).status).toBe(404);
    // Without the pass: 401, nothing read.
    const refused = await editorLoad(product!.id, "");
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(product!.id);
  });
});

describe(`the console's flag writes (${databaseKind})`, () => {
  it("toggles active and featured, with the spec's messages and an audit record", async () => {
    const [product] = await someProducts(1);
    const before = await productById(product!.id);
    const off = await act({ intent: "toggle", id: product!.id, flag: "isActive", value: !before.isActive });
    expect(off).toMatchObject({ status: 200, body: { ok: true, message: "Product status updated" } });
    expect((await productById(product!.id)).isActive).toBe(!before.isActive);
    const feature = await act({ intent: "toggle", id: product!.id, flag: "featured", value: !before.featured });
    expect(feature.body).toMatchObject({ ok: true, message: "Product featured updated" });
    expect((await productById(product!.id)).featured).toBe(!before.featured);
    const [last] = await db()
      .select()
      .from(productChanges)
      .where(eq(productChanges.productId, product!.id))
      .orderBy(desc(productChanges.createdAt))
      .limit(1);
    expect(last).toMatchObject({ actorLabel: ADMIN_EMAIL, action: "flag" });
    // Back as it was.
    await act({ intent: "toggle", id: product!.id, flag: "isActive", value: before.isActive });
    await act({ intent: "toggle", id: product!.id, flag: "featured", value: before.featured });
  });

  it("refuses a toggle of an unknown flag or product", async () => {
    const [product] = await someProducts(1);
    expect((await act({ intent: "toggle", id: product!.id, flag: "isSale", value: true })).status).toBe(400);
    const missing = await act({
      intent: "toggle",
      id: "00000000-0000-4000-8000-000000000000",
      flag: "isActive",
      value: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.ok).toBe(false);
  });

  it("activates the selected products (the list's bulk 'Activate'); none selected is refused", async () => {
    const chosen = await someProducts(3);
    const ids = chosen.map((p) => p.id);
    await db()
      .update(products)
      .set({ isActive: false })
      .where(inArray(products.id, ids.slice(0, 2)));
    const res = await act({ intent: "bulk", action: "activate", target: { ids } });
    // The console's toast words it 'Activated 2 products' (activatedMessage) from `changed`.
    expect(res).toMatchObject({ status: 200, body: { ok: true, changed: 2 } });
    const rows = await db().select({ isActive: products.isActive }).from(products).where(inArray(products.id, ids));
    expect(rows.every((r) => r.isActive)).toBe(true);
    const none = await act({ intent: "bulk", action: "activate", target: { ids: [] } });
    expect(none).toMatchObject({ status: 400, body: { ok: false, message: "Please select products first" } });
  });
});

describe(`the modal's save (${databaseKind})`, () => {
  it("refuses an incomplete product with spec §5's messages, writing nothing", async () => {
    const before = (await db().select({ n: count() }).from(products))[0]!.n;
    const res = await save("new", values({ name: " ", price: "0", categoryId: "", inventory: "-1" }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: "Product name is required",
      price: "Valid price is required",
      categoryId: "Please select a category",
      inventory: "Valid inventory count is required",
    });
    expect((await db().select({ n: count() }).from(products))[0]!.n).toBe(before);
  });

  it("creates a product with a generated 'SKU-{timestamp}', shown on the storefront", async () => {
    const started = Date.now();
    const res = await save("new", values({ name: "Console Linen Shirt", sku: "", slug: "" }));
    expect(res.status).toBe(201);
    // The answer is the one every face gets; the modal's toast adds its '!' (spec §8).
    expect(res.body).toMatchObject({ ok: true, created: true, message: "Product created successfully" });
    const saved = res.body.product!;
    expect(saved.slug).toBe("console-linen-shirt");
    expect(saved.values.sku).toMatch(/^SKU-\d{13}$/);
    const stamp = Number(saved.values.sku.slice(4));
    expect(stamp).toBeGreaterThanOrEqual(started);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    const row = await productById(saved.id);
    expect(row).toMatchObject({ name: "Console Linen Shirt", priceCents: 3900, inventory: 12, categoryId });
    const [audit] = await db().select().from(productChanges).where(eq(productChanges.productId, saved.id));
    expect(audit).toMatchObject({ action: "create", actorLabel: ADMIN_EMAIL });
    const shop = await fetch(`${server.url}/product/${saved.slug}`);
    expect(shop.status).toBe(200);
    expect(await shop.text()).toContain("Console Linen Shirt");
  });

  it("gives products created in the same millisecond with a blank SKU the next free millisecond's", async () => {
    const now = Date.UTC(2031, 0, 1);
    const [admin] = await queryRows<{ id: string }>(db(), sql`select id from "user" where email = ${ADMIN_EMAIL}`);
    const actor = { kind: "member" as const, id: admin!.id, email: ADMIN_EMAIL, name: "Owner" };
    const create = (name: string) =>
      saveEditorProduct(db(), actor, { kind: "create" }, values({ name, sku: "", slug: "" }), now);
    const saved = await Promise.all(["Same Moment Tee", "Same Moment Cap", "Same Moment Scarf"].map(create));
    expect(saved.map((s) => s.product.values.sku).sort()).toEqual([`SKU-${now}`, `SKU-${now + 1}`, `SKU-${now + 2}`]);
  });

  it("on edit, appends a timestamp to a changed slug or SKU another product has", async () => {
    const a = (await save("new", values({ name: "Console Clash A", sku: "CLASH-A" }))).body.product!;
    const b = (await save("new", values({ name: "Console Clash B", sku: "CLASH-B" }))).body.product!;
    const before = Date.now();
    const res = await save("" + a.id, values({ name: "Console Clash A", slug: b.slug, sku: b.values.sku }), a);
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: "Product updated successfully" } });
    const row = await productById(a.id);
    expect(row.slug).toMatch(new RegExp(`^${b.slug}-\\d{13}$`));
    expect(row.sku).toMatch(/^CLASH-B-\d{13}$/);
    expect(Number(row.sku.slice("CLASH-B-".length))).toBeGreaterThanOrEqual(before);
    // Its own unchanged slug and SKU are kept as they are.
    const again = await save(
      a.id,
      values({ name: "Console Clash A2", slug: row.slug, sku: row.sku }),
      res.body.product,
    );
    expect(again.status).toBe(200);
    expect(await productById(a.id)).toMatchObject({ name: "Console Clash A2", slug: row.slug, sku: row.sku });
  });

  it("refuses a save from a stale form, and a create whose SKU is taken", async () => {
    const created = (await save("new", values({ name: "Console Stale", sku: "STALE-1" }))).body.product!;
    expect((await save(created.id, values({ name: "Console Stale 2", sku: "STALE-1" }), created)).status).toBe(200);
    const stale = await save(created.id, values({ name: "Console Stale 3", sku: "STALE-1" }), created);
    expect(stale.status).toBe(409);
    expect((await productById(created.id)).name).toBe("Console Stale 2");
    const taken = await save("new", values({ name: "Console Other", sku: "STALE-1" }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("A product with this SKU already exists. Please use a different SKU.");
  });
});

describe(`the modal's product groups (${databaseKind})`, () => {
  it("creates a group, lets others join it, and lets one leave it", async () => {
    const [a, b, c] = await Promise.all(
      ["Console Group Base", "Console Group Red", "Console Group Blue"].map(
        async (name) => (await save("new", values({ name }))).body.product!,
      ),
    );
    const nameless = await act({ intent: "group-create", productId: a!.id, name: "  " });
    expect(nameless).toMatchObject({
      status: 400,
      body: { ok: false, message: "Product name is required to create a group" },
    });
    expect((await productById(a!.id)).productGroupId).toBeNull();

    const created = await act({ intent: "group-create", productId: a!.id, name: "Console Group Base" });
    expect(created.body).toMatchObject({ ok: true, message: "Product group created! You can now add variants." });
    const groupId = (await productById(a!.id)).productGroupId!;
    expect(groupId).toMatch(/^group_\d{13}_[a-z0-9]+$/);

    const joined = await act({ intent: "group-join", productId: b!.id, groupId, variantType: "color" });
    expect(joined.body).toMatchObject({ ok: true, message: "Linked to existing product group" });
    expect(await productById(b!.id)).toMatchObject({
      productGroupId: groupId,
      variantType: "color",
      parentProductId: a!.id,
    });
    await act({ intent: "group-join", productId: c!.id, groupId, variantType: "" });
    expect(await productById(c!.id)).toMatchObject({ productGroupId: groupId, variantType: "variant" });
    // The modal's load lists the group's other products as related variants, and names the group in
    // words (the first product's name, as it has none of its own); the browser suite reads them on screen.
    const load = await editorLoad(a!.id);
    expect(load.body.ok && load.body.group.groupName).toBe("Console Group Base Group");
    expect(load.body.ok && load.body.group.related.map((r) => [r.name, r.variantType])).toContainEqual([
      "Console Group Red",
      "color",
    ]);
    // Each group write's answer carries the group as it is now.
    expect(joined.body).toMatchObject({ group: { groupId, groupName: "Console Group Base Group" } });

    const left = await act({ intent: "group-leave", productId: c!.id });
    expect(left.body).toMatchObject({ ok: true, message: "Removed from product group" });
    expect(await productById(c!.id)).toMatchObject({ productGroupId: null, variantType: null });
    const members = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(isNotNull(products.productGroupId), eq(products.productGroupId, groupId)));
    expect(members.map((m) => m.id).sort()).toEqual([a!.id, b!.id].sort());

    // The answer carries the product's new version: the modal's next save goes through.
    const saved = await save(b!.id, values({ name: "Console Group Red", variantType: "color" }), joined.body.product);
    expect(saved.status).toBe(200);

    const audit = await db()
      .select({ action: productChanges.action, actor: productChanges.actorLabel })
      .from(productChanges)
      .where(and(eq(productChanges.productId, c!.id), eq(productChanges.action, "group")));
    expect(audit.length).toBe(2);
    expect(audit.every((row) => row.actor === ADMIN_EMAIL)).toBe(true);
  });

  it("refuses to join a group that does not exist, or while already in one", async () => {
    const [product] = await someProducts(1);
    const missing = await act({
      intent: "group-join",
      productId: product!.id,
      groupId: "group_0_none",
      variantType: "",
    });
    expect(missing.status).toBe(404);
    const [grouped] = await db().select().from(products).where(isNotNull(products.productGroupId)).limit(1);
    const [other] = await db()
      .select()
      .from(products)
      .where(and(isNotNull(products.productGroupId)))
      .limit(2)
      .offset(1);
    const twice = await act({
      intent: "group-join",
      productId: grouped!.id,
      groupId: other!.productGroupId!,
      variantType: "",
    });
    expect(twice.body.ok).toBe(false);
    expect((await productById(grouped!.id)).productGroupId).toBe(grouped!.productGroupId);
  });
});
