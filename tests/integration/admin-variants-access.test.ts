import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products, productVariants } from "#db/schema/index";
import type { EditorLoad, EditorProduct } from "~/modules/product-admin/editor-api";
import { insertTestProducts, setProductStock } from "../support/catalog-fixtures";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 25's back-office actions over HTTP, asked by a signed-in customer and by a visitor: the variants
 * table's save (the editor's JSON route and the console modal's form), Duplicate (both faces), Mark as
 * Sale at a percentage and Remove from Sale, the low-stock view and the stock filters. Every request is
 * well formed — each is then sent by an admin (or with the console's pass) and does change the database —
 * with every method the route takes; the answer sends them away (302 to /) and the
 * products, their variants and the audit trail stay exactly as they were.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const CONSOLE_PASSWORD = "Variants-Console-2026";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const FORGED_PASS = "abundance.secure_admin=%2200000000-0000-4000-8000-000000000000%22.bogus";

let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let consolePass = "";
/** Edited through the editor's route (admin face). */
let editorProduct: EditorProduct;
/** Edited through the console modal. */
let consoleProduct: EditorProduct;
/** On sale (price under its compare-at): what Remove from Sale would change. */
let saleProductId = "";

const db = () => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: CONSOLE_PASSWORD,
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "variant-shopper@example.com")).cookie;
  const login = await fetch(`${server.url}/secure-admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url },
    body: new URLSearchParams({ intent: "login", password: CONSOLE_PASSWORD }),
  });
  expect(login.status).toBe(200);
  consolePass = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("abundance.secure_admin="))!
    .split(";")[0]!;

  const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
  const fixtures = await insertTestProducts(db(), [
    { name: "Access Editor Tee", slug: "access-editor-tee", sku: "ACCED", priceCents: 3000 },
    { name: "Access Console Tee", slug: "access-console-tee", sku: "ACCCON", priceCents: 3000 },
    {
      name: "Access Sale Tee",
      slug: "access-sale-tee",
      sku: "ACCSALE",
      priceCents: 2400,
      originalPriceCents: 4000,
      isSale: true,
    },
  ]);
  for (const fixture of fixtures) {
    await db().update(products).set({ categoryId: category!.id }).where(eq(products.id, fixture.id));
    await setProductStock(db(), fixture.id, ({ size }) => ({ S: 1, M: 4, L: 12 })[size] ?? 0, {
      sizes: ["S", "M", "L"],
      colors: ["Black"],
    });
  }
  editorProduct = await openInEditor(fixtures[0]!.id);
  consoleProduct = await openInEditor(fixtures[1]!.id);
  saleProductId = fixtures[2]!.id;
});
afterAll(async () => {
  await server?.stop();
});

/** The product as the admin's editor opens it: its form values (variants table included) and version. */
async function openInEditor(id: string): Promise<EditorProduct> {
  const res = await fetch(`${server.url}/admin/products/editor?id=${id}`, { headers: { cookie: adminCookie } });
  expect(res.status).toBe(200);
  const load = (await res.json()) as EditorLoad;
  if (!load.ok || !load.product) throw new Error(`the editor did not open ${id}`);
  expect(load.product.values.variants.map((v) => v.size)).toEqual(["S", "M", "L"]);
  return load.product;
}

/** The variants table edited as the e2e owner does: S sold out, M at 3, L's SKU changed. */
function editedValues(product: EditorProduct) {
  return {
    ...product.values,
    variants: product.values.variants.map((v) =>
      v.size === "S" ? { ...v, stock: "0" } : v.size === "M" ? { ...v, stock: "3" } : { ...v, sku: `${v.sku}-NEW` },
    ),
  };
}

function send(path: string, init: { method: string; cookie?: string; json?: unknown; form?: Record<string, string> }) {
  const headers: Record<string, string> = { origin: server.url };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${path}`, {
    method: init.method,
    redirect: "manual",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form ? new URLSearchParams(init.form) : undefined,
  });
}

/** Everything the actions could change: every product row, every variant, the audit trail. */
async function snapshot() {
  return {
    products: await db().select().from(products).orderBy(products.id),
    variants: await db().select().from(productVariants).orderBy(productVariants.id),
    audit: (await db().select({ n: count() }).from(productChanges))[0]!.n,
  };
}

/** The admin face's JSON writes, each with the route it goes to. */
function adminWrites() {
  const editor = `/admin/products/editor?id=${editorProduct.id}`;
  const editorData = `/admin/products/editor.data?id=${editorProduct.id}`;
  const save = {
    intent: "save",
    target: editorProduct.id,
    values: editedValues(editorProduct),
    version: editorProduct.version,
  };
  const duplicate = { intent: "duplicate", productId: editorProduct.id };
  const markSale = { intent: "bulk", action: "mark-sale", target: { ids: [editorProduct.id] }, percent: 30 };
  const markSaleByStock = {
    intent: "bulk",
    action: "mark-sale",
    target: { filter: { q: "access", category: null, status: "all", stock: "in-stock" } },
    percent: 25,
  };
  const removeSale = { intent: "bulk", action: "remove-sale", target: { ids: [saleProductId] } };
  const removeSaleByStock = {
    intent: "bulk",
    action: "remove-sale",
    target: { filter: { q: "", category: null, status: "sale", stock: "some-sold-out" } },
  };
  return [
    { name: "variants save", paths: [editor, editorData], body: save },
    { name: "duplicate", paths: [editor, editorData], body: duplicate },
    ...[markSale, markSaleByStock, removeSale, removeSaleByStock].map((body) => ({
      name: `${body.action} ${"ids" in body.target ? "by ids" : `by stock filter ${body.target.filter.stock}`}`,
      paths: ["/admin/products/flags", "/admin/products/flags.data"],
      body,
    })),
  ];
}

/** The console modal's writes: the same JSON commands as /admin's, to the console's page (the pass is what it asks for). */
function consoleWrites() {
  return [
    {
      intent: "save",
      target: consoleProduct.id,
      values: editedValues(consoleProduct),
      version: consoleProduct.version,
    },
    { intent: "duplicate", productId: consoleProduct.id },
  ];
}

/** A redirect to / as a document (302) or as single fetch's data answer (202 carrying it, or 204). */
function expectSentAway(res: Response, label: string) {
  expect([302, 202, 204], `${label}: ${res.status}`).toContain(res.status);
  if (res.status === 302) expect(res.headers.get("location"), label).toBe("/");
}

const visitors = () => [
  { who: "a signed-in customer", cookie: customerCookie },
  { who: "a visitor", cookie: undefined },
];

describe(`issue 25's back-office writes refuse customers and visitors (${databaseKind})`, () => {
  it("the variants save, Duplicate, Mark as Sale at a percentage and Remove from Sale: sent away, nothing changed", async () => {
    const before = await snapshot();
    for (const { who, cookie } of visitors()) {
      for (const { name, paths, body } of adminWrites()) {
        for (const path of paths) {
          for (const method of WRITE_METHODS) {
            const label = `${who}: ${name}, ${method} ${path}`;
            const res = await send(path, { method, cookie, json: body });
            expectSentAway(res, label);
            const text = await res.text();
            expect(text, label).not.toContain("ACCED");
            expect(text, label).not.toContain("Bulk action applied");
          }
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the console modal's variants save and Duplicate: refused without the pass, a customer's session or not; nothing changed", async () => {
    const before = await snapshot();
    const askers = [
      { who: "a signed-in customer", cookie: customerCookie },
      { who: "a visitor", cookie: undefined },
      { who: "a customer with a forged pass", cookie: `${customerCookie}; ${FORGED_PASS}` },
    ];
    for (const { who, cookie } of askers) {
      for (const json of consoleWrites()) {
        for (const path of ["/secure-admin/products", "/secure-admin/products.data"]) {
          for (const method of WRITE_METHODS) {
            const label = `${who}: ${json.intent}, ${method} ${path}`;
            const res = await send(path, { method, cookie, json });
            expect(res.status, label).toBeGreaterThanOrEqual(400);
            expect(await res.text(), label).not.toContain("ACCCON");
          }
        }
        // The console's page takes only its Login and Logout: the command posted there (as a form, as
        // the console once sent it) changes nothing either.
        const form = Object.fromEntries(
          Object.entries(json).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
        );
        for (const path of ["/secure-admin/products", "/secure-admin/products.data"]) {
          const res = await send(path, { method: "POST", cookie, form });
          expect(res.status, `${who}: form ${json.intent} ${path}`).toBeGreaterThanOrEqual(400);
          expect(await res.text()).not.toContain("ACCCON");
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the low-stock view, the stock filters and the editor's variants: sent away, nothing read", async () => {
    const reads = [
      "/admin/products?stock=low",
      "/admin/products.data?stock=low",
      "/admin/products?stock=low&q=access",
      ...["in-stock", "some-sold-out", "sold-out"].flatMap((stock) => [
        `/admin/products?stock=${stock}`,
        `/admin/products.data?stock=${stock}&q=access`,
      ]),
      `/admin/products?edit=${editorProduct.id}`,
      `/admin/products/editor?id=${editorProduct.id}`,
      `/admin/products/editor.data?id=${editorProduct.id}`,
    ];
    for (const { who, cookie } of visitors()) {
      for (const path of reads) {
        for (const method of ["GET", "HEAD"]) {
          const label = `${who}: ${method} ${path}`;
          const res = await send(path, { method, cookie });
          expectSentAway(res, label);
          const text = await res.text();
          for (const secret of ["ACCED", "ACCSALE", "Low stock", "with 5 or fewer in stock", "lowStock"]) {
            expect(text, `${label} shows ${secret}`).not.toContain(secret);
          }
        }
      }
      // The console's list and modal (which shows the variants table) ask for the pass.
      for (const path of [
        `/secure-admin/products?edit=${consoleProduct.id}`,
        `/secure-admin/products.data?edit=${consoleProduct.id}`,
      ]) {
        const res = await send(path, { method: "GET", cookie });
        expect(res.status, `${who}: GET ${path}`).toBe(200);
        const text = await res.text();
        expect(text).not.toContain("ACCCON");
        expect(text).not.toContain("Product Management");
      }
    }
    // The admin sees them.
    const low = await send("/admin/products?stock=low&q=access", { method: "GET", cookie: adminCookie });
    expect(low.status).toBe(200);
    expect(await low.text()).toContain("ACCED-S-BLACK");
  });

  it("each of those requests, sent by the admin (or with the console pass), does change the database", async () => {
    // The same bodies: what the customer and the visitor were refused would have been a change.
    const variantsOf = async (productId: string) =>
      (
        await db()
          .select({ size: productVariants.size, sku: productVariants.sku, stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.productId, productId))
          .orderBy(productVariants.position)
      ).map((v) => [v.size, v.sku, v.stock]);
    const productOf = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
    const [save, duplicate, markSale, , removeSale] = adminWrites();

    expect((await send(save!.paths[0]!, { method: "POST", cookie: adminCookie, json: save!.body })).status).toBe(200);
    expect(await variantsOf(editorProduct.id)).toEqual([
      ["S", "ACCED-S-BLACK", 0],
      ["M", "ACCED-M-BLACK", 3],
      ["L", "ACCED-L-BLACK-NEW", 12],
    ]);
    const copied = await send(duplicate!.paths[0]!, { method: "POST", cookie: adminCookie, json: duplicate!.body });
    expect(copied.status).toBe(201);
    const sale = await send(markSale!.paths[0]!, { method: "POST", cookie: adminCookie, json: markSale!.body });
    expect(await sale.json()).toMatchObject({ ok: true, changed: 1 });
    expect(await productOf(editorProduct.id)).toMatchObject({ priceCents: 2100, originalPriceCents: 3000 });
    const removed = await send(removeSale!.paths[0]!, { method: "POST", cookie: adminCookie, json: removeSale!.body });
    expect(await removed.json()).toMatchObject({ ok: true, changed: 1 });
    expect(await productOf(saleProductId)).toMatchObject({ priceCents: 4000, isSale: false });

    const [consoleSave, consoleDuplicate] = consoleWrites();
    const withPass = (json: unknown) =>
      send("/secure-admin/products.data", { method: "POST", cookie: consolePass, json });
    expect((await withPass(consoleSave!)).status).toBe(200);
    expect(await variantsOf(consoleProduct.id)).toEqual([
      ["S", "ACCCON-S-BLACK", 0],
      ["M", "ACCCON-M-BLACK", 3],
      ["L", "ACCCON-L-BLACK-NEW", 12],
    ]);
    expect((await withPass(consoleDuplicate!)).status).toBe(201);
    const copies = await db()
      .select({ name: products.name, isActive: products.isActive })
      .from(products)
      .where(eq(products.isActive, false));
    expect(copies.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Copy of Access Editor Tee", "Copy of Access Console Tee"]),
    );
  });
});
