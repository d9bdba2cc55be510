import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products, productVariants } from "#db/schema/index";
import { EDITOR_ROUTE, type EditorLoad, type EditorProduct, type SaveAnswer } from "~/modules/product-admin/editor-api";
import {
  newProductValues,
  PRODUCT_MESSAGES,
  slugAfterRename,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";
import { PRODUCT_SAVE_MESSAGES as M } from "~/modules/product-admin/save-messages";
import { VARIANT_MESSAGES } from "~/modules/product-admin/variant-form";
import { testAddress } from "../support/fixtures";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The product editor over HTTP (`/admin/products/editor`), as the side panel calls it: open, create,
 * update, the spec's messages, stale forms, stock taken by a checkout meanwhile, forged ids, bad
 * input, the guard, the audit trail, and the storefront seeing a save at once.
 */
let server: TestServer;
let adminCookie = "";
let customer: { cookie: string; id: string };
/** Spec §5's save rules (both faces): a product is filed under a category. */
let categoryId = "";

beforeAll(async () => {
  // Cached pages live far longer than the test: whatever the storefront shows anew was invalidated.
  server = await startTestServer({
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "OwnerPass123",
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, "owner@example.com", "OwnerPass123");
  customer = await signUp(server, "shopper@example.com");
  const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
  categoryId = category!.id;
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;
const editorPath = (target: string) => `/admin/products/editor?id=${target}`;
let unique = 0;
const next = () => `${Date.now().toString(36)}${++unique}`;

async function open(target: string, cookie = adminCookie) {
  const res = await fetch(`${server.url}${editorPath(target)}`, { headers: { cookie }, redirect: "manual" });
  return { status: res.status, res, body: (await res.json().catch(() => null)) as EditorLoad };
}

async function opened(target: string): Promise<EditorProduct> {
  const { status, body } = await open(target);
  expect(status).toBe(200);
  if (!body.ok || !body.product) throw new Error(`could not open ${target}`);
  return body.product;
}

/** A save command (`{ intent: "save", target, values, version }`) as both faces send it; a string is sent as it is. */
async function save(target: string, body: unknown, cookie = adminCookie) {
  const res = await fetch(`${server.url}${EDITOR_ROUTE}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: typeof body === "string" ? body : JSON.stringify({ intent: "save", target, ...(body as object) }),
    redirect: "manual",
  });
  return { status: res.status, res, body: (await res.json().catch(() => null)) as SaveAnswer };
}

/** Saves changes to a product as the panel does: the values it opened with, changed, and its version. */
async function edit(product: EditorProduct, changes: Partial<ProductFormValues>) {
  return save(product.id, { values: { ...product.values, ...changes }, version: product.version });
}

function newValues(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  const n = next();
  return {
    ...newProductValues(),
    name: `Editor Tee ${n}`,
    slug: `editor-tee-${n}`,
    price: "25.00",
    sku: `ED-${n}`,
    inventory: "10",
    sizes: ["S", "M"],
    colors: ["Black"],
    categoryId,
    ...overrides,
  };
}

async function create(overrides: Partial<ProductFormValues> = {}): Promise<EditorProduct> {
  const { status, body } = await save("new", { values: newValues(overrides) });
  expect(status, JSON.stringify(body)).toBe(201);
  if (!body.ok) throw new Error(body.message);
  return body.product;
}

async function stockOf(productId: string): Promise<Record<string, number>> {
  const rows = await db()
    .select({ size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return Object.fromEntries(rows.map((r) => [r.size, r.stock]));
}

async function row(id: string) {
  const [found] = await db().select().from(products).where(eq(products.id, id));
  return found!;
}

async function guestPage(path: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, cache: res.headers.get("x-cache"), html: await res.text() };
}

describe(`the product editor route (${databaseKind})`, () => {
  it("opens a new product with the categories, and an existing one with its values and version", async () => {
    const fresh = await open("new");
    expect(fresh.status).toBe(200);
    expect(fresh.res.headers.get("cache-control")).toContain("no-store");
    expect(fresh.body).toMatchObject({ ok: true, target: "new", product: null, changes: [] });
    if (!fresh.body.ok) return;
    expect(fresh.body.categories.map((c) => c.name)).toContain("Men");

    const [demo] = await db().select().from(products).where(eq(products.isActive, true)).limit(1);
    const product = await opened(demo!.id);
    expect(product.values).toMatchObject({ name: demo!.name, slug: demo!.slug, sku: demo!.sku });
    expect(product.version.inventory).toBe(demo!.inventory);
    expect(product.version.updatedAt).toMatch(/^\d{16}$/);

    expect((await open("not-an-id")).status).toBe(404);
    const missing = await open("6f9619ff-8b86-4011-b42d-00c04fc964ff");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, message: "Product not found" });
  });

  it("creates a product, generates a missing SKU ('SKU-{timestamp}', spec §5), records it, and the storefront shows it at once", async () => {
    const values = newValues({ sku: "" });
    expect((await guestPage(`/product/${values.slug}`)).status).toBe(404);
    const { status, body } = await save("new", { values, id: "ignored", createdAt: "2000-01-01" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ ok: true, created: true, message: "Product created successfully" });
    if (!body.ok) return;
    const saved = await row(body.product.id);
    expect(saved).toMatchObject({
      name: values.name,
      slug: values.slug,
      sku: expect.stringMatching(/^SKU-\d{13}$/),
      priceCents: 2500,
      inventory: 10,
      isActive: true,
      isNew: true,
      featured: false,
      isSale: false,
      sizes: ["S", "M"],
    });
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({ actor: "owner@example.com", action: "create" });
    expect(body.changes[0]!.changes).toMatchObject({ name: [null, values.name], priceCents: [null, 2500] });
    const page = await guestPage(`/product/${values.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(values.name);
  });

  it("updates a product; the product page shows the new price at once and the audit says who changed what", async () => {
    const product = await create({ price: "30.00", compareAtPrice: "" });
    const path = `/product/${product.slug}`;
    await guestPage(path);
    const cached = await guestPage(path);
    expect(cached.cache).toBe("HIT");
    expect(cached.html).toContain("$30.00");

    const reopened = await opened(product.id);
    // decisions.md §6: no compare-at price opens as none (never a made-up 'was' price).
    expect(reopened.values.compareAtPrice).toBe("");
    const { status, body } = await edit(reopened, { price: "27.50", compareAtPrice: "", isSale: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, created: false, message: "Product updated successfully" });

    const page = await guestPage(path);
    expect(page.cache).toBe("MISS");
    expect(page.html).toContain("$27.50");
    expect(page.html).not.toContain("$30.00");

    const [change] = await db()
      .select()
      .from(productChanges)
      .where(and(eq(productChanges.productId, product.id), eq(productChanges.action, "update")));
    expect(change).toMatchObject({ actorLabel: "owner@example.com", changes: { priceCents: [3000, 2750] } });
    const history = await open(product.id);
    expect(history.body.ok && history.body.changes.map((c) => c.action)).toEqual(["update", "create"]);
  });

  it("regenerates the slug with the name (the panel's rule); a new product may not take another's slug or SKU, an edit gets a timestamp appended (spec §5)", async () => {
    const product = await create();
    const renamed = `${product.values.name} Organic`;
    const slug = slugAfterRename(product.values.name, renamed, product.values.slug);
    expect(slug).toBe(`${product.values.slug}-organic`);
    const { status } = await edit(product, { name: renamed, slug });
    expect(status).toBe(200);
    expect((await guestPage(`/product/${slug}`)).status).toBe(200);
    expect((await guestPage(`/product/${product.values.slug}`)).status).toBe(404);

    const other = await create();
    const slugClash = await save("new", { values: newValues({ slug }) });
    expect(slugClash.status).toBe(409);
    expect(slugClash.body).toMatchObject({ ok: false, message: M.slugTaken, errors: { slug: M.slugTaken } });
    const skuClash = await save("new", { values: newValues({ sku: other.values.sku }) });
    expect(skuClash.status).toBe(409);
    expect(skuClash.body).toMatchObject({ ok: false, message: M.skuTaken, errors: { sku: M.skuTaken } });
    expect((await row(other.id)).slug).toBe(other.values.slug);
    // On edit, a changed slug another product has gets the time appended (spec §5, both faces).
    const clash = await edit(other, { slug });
    expect(clash.status).toBe(200);
    expect((await row(other.id)).slug).toMatch(new RegExp(`^${slug}-\\d{13}$`));
  });

  it("refuses a stale form with the current values, and keeps the other admin's save", async () => {
    const product = await create();
    const mine = await opened(product.id);
    const theirs = await opened(product.id);
    expect((await edit(theirs, { price: "31.00", compareAtPrice: "" })).status).toBe(200);
    const { status, body } = await edit(mine, { description: "My long description" });
    expect(status).toBe(409);
    expect(body).toMatchObject({ ok: false, message: M.stale });
    expect(M.stale).toBe("This product was changed by someone else. Review the current values and save again.");
    if (body.ok) return;
    expect(body.current?.values.price).toBe("31.00");
    expect(body.current?.version.updatedAt).not.toBe(mine.version.updatedAt);
    expect((await row(product.id)).description).toBe("");
    // Saved again from the current values, it goes through.
    expect((await edit(body.current!, { description: "My long description" })).status).toBe(200);
    expect(await row(product.id)).toMatchObject({ priceCents: 3100, description: "My long description" });
    // Without the version it opened from, an update is not taken.
    expect((await save(product.id, { values: body.current!.values })).status).toBe(400);
  });

  it("never resurrects stock a checkout took while the form was open", async () => {
    const product = await create({ inventory: "5" });
    const form = await opened(product.id);
    // A shopper buys 2 between opening and saving.
    const cartAdd = await fetch(`${server.url}/api/cart`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie: customer.cookie },
      body: JSON.stringify({ intent: "add", productId: product.id, size: "S", color: "Black", quantity: 2 }),
    });
    expect(cartAdd.status).toBe(200);
    const placed = await fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie: customer.cookie },
      body: JSON.stringify({
        intent: "place",
        idempotencyKey: `editor-${next()}`,
        paymentMethod: "demo",
        form: { ...testAddress, apartment: "", shippingMethod: "standard", sameAsShipping: true },
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect((await row(product.id)).inventory).toBe(3);

    // The form still shows 5: saving it is refused, whatever it changes, with the current stock.
    const stockOf = (stock: string) => ({ variants: form.values.variants.map((v) => ({ ...v, stock })) });
    for (const changes of [stockOf("6"), stockOf("5"), { price: "26.00" }]) {
      const stale = await edit(form, changes);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ ok: false, message: M.stockMoved });
      expect(!stale.body.ok && stale.body.current?.values.inventory).toBe("3");
    }
    expect(await row(product.id)).toMatchObject({ inventory: 3, priceCents: 2500 });

    // Saved again from the current values: the owner's price, the stock as the orders left it.
    const current = await opened(product.id);
    expect((await edit(current, { price: "26.00" })).status).toBe(200);
    expect(await row(product.id)).toMatchObject({ inventory: 3, priceCents: 2600 });
  });

  it("refuses a stock figure when a variant's stock moved without the version, even with the same total", async () => {
    const product = await create({ inventory: "5" });
    const form = await opened(product.id);
    expect(form.values.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["S", "Black", "5"],
      ["M", "Black", "0"],
    ]);
    // A unit moves from S to M (one order cancelled, another placed) and the total stays 5.
    await db().update(productVariants).set({ stock: 4 }).where(eq(productVariants.sku, form.values.variants[0]!.sku));
    await db().update(productVariants).set({ stock: 1 }).where(eq(productVariants.sku, form.values.variants[1]!.sku));
    expect((await row(product.id)).inventory).toBe(5);
    const { status, body } = await edit(form, {
      variants: form.values.variants.map((v) => ({ ...v, stock: "9" })),
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ ok: false, message: M.stockMoved });
    expect(await stockOf(product.id)).toEqual({ S: 4, M: 1 });
  });

  it("saves the variants table: stock per size, SKUs, prices; inventory is the sum; every change audited", async () => {
    const product = await create({ inventory: "0" });
    const [s, m] = product.values.variants;
    expect([s!.sku, m!.sku]).toEqual([`${product.values.sku}-S-BLACK`, `${product.values.sku}-M-BLACK`]);
    const { status, body } = await edit(product, {
      sizes: ["S", "M", "L"],
      variants: [
        { ...s!, stock: "4" },
        { ...m!, stock: "3", price: "27.00", barcode: "0123456789012" },
        { size: "L", color: "Black", sku: "", stock: "2", barcode: "", price: "" },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect((await row(product.id)).inventory).toBe(9);
    const variants = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    expect(variants.map((v) => [v.size, v.sku, v.stock, v.priceCents, v.barcode])).toEqual([
      ["S", s!.sku, 4, null, null],
      ["M", m!.sku, 3, 2700, "0123456789012"],
      ["L", `${product.values.sku}-L-BLACK`, 2, null, null],
    ]);
    const [change] = await db()
      .select()
      .from(productChanges)
      .where(and(eq(productChanges.productId, product.id), eq(productChanges.action, "update")));
    expect(change!.changes).toMatchObject({
      "variant S/Black stock": [0, 4],
      "variant M/Black stock": [0, 3],
      "variant M/Black price": [null, 2700],
      "variant L/Black stock": [null, 2],
      sizes: [
        ["S", "M"],
        ["S", "M", "L"],
      ],
    });

    // A size taken away takes its variant (and its units) with it; the rest keep theirs.
    const reopened = await opened(product.id);
    expect(reopened.values.inventory).toBe("9");
    const dropped = await edit(reopened, {
      sizes: ["S", "M"],
      variants: reopened.values.variants.filter((v) => v.size !== "L"),
    });
    expect(dropped.status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ S: 4, M: 3 });
    expect((await row(product.id)).inventory).toBe(7);
  });

  it("refuses a bad variants table with a message naming the variant or the SKU, writing nothing", async () => {
    const product = await create({ inventory: "2" });
    const other = await create();
    const [s, m] = product.values.variants;
    const cases: Array<[unknown[], number, string]> = [
      [[{ ...s!, stock: "-1" }, m], 400, VARIANT_MESSAGES.stock("S/Black")],
      [[{ ...s!, stock: "1.5" }, m], 400, VARIANT_MESSAGES.stock("S/Black")],
      [[s, { ...m!, price: "-3" }], 400, VARIANT_MESSAGES.price("M/Black")],
      [[s, { ...m!, sku: s!.sku }], 400, VARIANT_MESSAGES.skuRepeated(s!.sku)],
      [
        [s, { ...m!, sku: other.values.variants[0]!.sku }],
        409,
        VARIANT_MESSAGES.skuTaken(other.values.variants[0]!.sku),
      ],
      [[s, { ...m!, size: "XL" }], 400, VARIANT_MESSAGES.notAnOption("XL/Black")],
    ];
    for (const [variants, code, message] of cases) {
      const { status, body } = await edit(product, { variants: variants as ProductFormValues["variants"] });
      expect(status, message).toBe(code);
      expect(!body.ok && body.errors?.variants).toBe(message);
    }
    expect(await stockOf(product.id)).toEqual({ S: 2, M: 0 });
  });

  it("keeps On Sale to the prices: on sale exactly when the compare-at price is above the price", async () => {
    const product = await create({ price: "40.00", compareAtPrice: "", isSale: true });
    expect((await row(product.id)).isSale).toBe(false);
    expect((await edit(await opened(product.id), { compareAtPrice: "50.00", isSale: false })).status).toBe(200);
    expect(await row(product.id)).toMatchObject({ isSale: true, originalPriceCents: 5000 });
    expect((await edit(await opened(product.id), { compareAtPrice: "40.00", isSale: true })).status).toBe(200);
    expect((await row(product.id)).isSale).toBe(false);
  });

  it("takes the product's id from the command's target only: a forged id in the values changes nothing else", async () => {
    const mine = await create();
    const victim = await create();
    const before = await row(victim.id);
    const forged = await save(mine.id, {
      id: victim.id,
      values: { ...mine.values, id: victim.id, name: "Forged Name" },
      version: mine.version,
    });
    expect(forged.status).toBe(200);
    expect((await row(mine.id)).name).toBe("Forged Name");
    expect(await row(victim.id)).toEqual(before);
    // The victim's id as the target with another product's version: refused.
    const wrongVersion = await save(victim.id, { values: { ...victim.values, name: "Forged" }, version: mine.version });
    expect(wrongVersion.status).toBe(409);
    expect(await row(victim.id)).toEqual(before);
  });

  it("shows untrusted text as text and cleans or refuses bad input, saving nothing half-way", async () => {
    const script = await create({ name: '<script>alert("x")</script> Tee', slug: "../../x-script-tee" });
    expect(script.slug).toBe("x-script-tee");
    const page = await guestPage("/product/x-script-tee");
    expect(page.html).toContain("&lt;script&gt;alert(");
    expect(page.html).not.toContain('<script>alert("x")</script>');

    const product = await create();
    const before = await row(product.id);
    const changesBefore = await db().select().from(productChanges).where(eq(productChanges.productId, product.id));
    const refused: Array<[Partial<ProductFormValues> | Record<string, unknown>, Record<string, string>]> = [
      [{ price: "abc" }, { price: PRODUCT_MESSAGES.price }],
      [{ price: "-5" }, { price: PRODUCT_MESSAGES.price }],
      [{ inventory: "-1" }, { inventory: PRODUCT_MESSAGES.inventory }],
      [{ inventory: "lots" }, { inventory: PRODUCT_MESSAGES.inventory }],
      [{ compareAtPrice: "1.00" }, { compareAtPrice: PRODUCT_MESSAGES.compareAtBelowPrice }],
      [{ categoryId: "6f9619ff-8b86-4011-b42d-00c04fc964ff" }, { categoryId: PRODUCT_MESSAGES.category }],
      [{ categoryId: "men" }, { categoryId: PRODUCT_MESSAGES.category }],
      [{ tags: Array.from({ length: 500 }, (_, i) => `t${i}`) }, { tags: PRODUCT_MESSAGES.tags.tooMany }],
      [{ description: "d".repeat(10_001) }, { description: PRODUCT_MESSAGES.descriptionTooLong }],
      [{ images: ["javascript:alert(1)"] }, { images: PRODUCT_MESSAGES.images }],
      [
        { name: "", slug: "!!!" },
        { name: PRODUCT_MESSAGES.nameRequired, slug: PRODUCT_MESSAGES.slugInvalid },
      ],
    ];
    for (const [changes, errors] of refused) {
      const { status, body } = await edit(product, changes as Partial<ProductFormValues>);
      expect(status, JSON.stringify(changes).slice(0, 80)).toBe(400);
      expect(body).toMatchObject({ ok: false, message: M.invalid, errors });
    }
    // A 10 MB description is refused before it is read.
    const huge = await save(product.id, { values: { ...product.values, description: "x".repeat(10_000_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ error: "Request body too large" });
    // Not JSON, or not the save's shape.
    expect((await save(product.id, "name=x")).status).toBe(400);
    expect((await save(product.id, { values: "x", version: product.version })).status).toBe(400);

    expect(await row(product.id)).toEqual(before);
    expect(await db().select().from(productChanges).where(eq(productChanges.productId, product.id))).toEqual(
      changesBefore,
    );
  });

  it("files a product under a category the list offers", async () => {
    const [men] = await db().select().from(categories).where(eq(categories.slug, "men"));
    const product = await create({ categoryId: men!.id });
    expect((await row(product.id)).categoryId).toBe(men!.id);
  });

  it("gives a customer or a guest nothing and changes nothing, whatever they send", async () => {
    const product = await create();
    const before = await row(product.id);
    for (const cookie of [customer.cookie, ""]) {
      const read = await open(product.id, cookie);
      expect(read.status).toBe(302);
      expect(read.res.headers.get("location")).toBe("/");
      const data = await fetch(`${server.url}/admin/products/editor.data?id=${product.id}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(await data.text()).not.toContain(product.values.sku);
      for (const body of [
        { values: { ...product.values, name: "Hijacked" }, version: product.version },
        "garbage",
        { values: { name: "x".repeat(100) } },
      ]) {
        for (const target of [product.id, "new"]) {
          const { status } = await save(target, body, cookie);
          expect(status).toBe(302);
        }
      }
      const dataPost = await fetch(`${server.url}/admin/products/editor.data?id=${product.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, cookie },
        body: JSON.stringify({ values: { ...product.values, name: "Hijacked" }, version: product.version }),
        redirect: "manual",
      });
      expect(await dataPost.text()).not.toContain(product.values.sku);
    }
    expect(await row(product.id)).toEqual(before);
    expect(await db().select().from(products).where(eq(products.name, "Hijacked"))).toHaveLength(0);
    const latest = await db()
      .select({ actor: productChanges.actorLabel })
      .from(productChanges)
      .orderBy(desc(productChanges.createdAt))
      .limit(50);
    expect(latest.every((c) => c.actor === "owner@example.com")).toBe(true);
    // Only the admin's page loads the editor's data.
    const admin = await fetch(`${server.url}/admin/products/editor.data?id=${product.id}`, {
      headers: { cookie: adminCookie },
    });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain(product.values.sku);
  });
});
