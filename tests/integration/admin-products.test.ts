import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products, productVariants } from "#db/schema/index";
import { isOnSale } from "~/modules/catalog/product-rules";
import { SALE_PERCENT_MESSAGE } from "~/modules/product-admin/product-flags";
import { placeOrder } from "~/modules/orders/place-order.server";
import { insertTestProducts, setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/** The product dashboard over HTTP: what it lists and counts, and what its writes change. */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let customerId = "";

beforeAll(async () => {
  // Lifetimes far longer than the tests: what leaves /shop was emptied from the caches, not expired.
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  ({ cookie: customerCookie, id: customerId } = await signUp(server, "customer@example.com"));
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

async function page(path: string): Promise<string> {
  const res = await get(path, adminCookie);
  expect(res.status, path).toBe(200);
  return res.text();
}

const post = (path: string, body: unknown, cookie?: string, method = "POST") =>
  fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function write(body: unknown) {
  const res = await post("/admin/products/flags", body, adminCookie);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The dashboard's low-stock figure, read from its link to the low-stock view. */
function dashboardLowStock(html: string): number {
  const figure =
    /data-testid="low-stock-link" href="\/admin\/products\?stock=low"[^>]*>([\d,]+)<!-- --> low-stock/.exec(html)?.[1];
  expect(figure, "the dashboard's low-stock link").toBeDefined();
  return Number(figure!.replace(/,/g, ""));
}

/** The header's 'x of y'. */
function countLine(html: string): string {
  return (
    /<span data-testid="product-count">([\d,]+ of [\d,]+)<\/span><span class="sr-only"> products match/.exec(
      html,
    )?.[1] ?? ""
  );
}

/** The names of the listed products, in order. */
function listedNames(html: string): string[] {
  return [...html.matchAll(/aria-label="Select (?!all products)([^"]+)"/g)].map((m) => decode(m[1]!));
}

function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A statistic of the page by its label. */
function stat(html: string, label: string): string {
  return new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]+)</dd>`).exec(html)?.[1] ?? "";
}

async function guestShop(path = "/shop"): Promise<{ cache: string | null; html: string }> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get("x-cache"), html: await res.text() };
}

async function auditCount(productIds?: string[]) {
  const [row] = await db()
    .select({ n: count() })
    .from(productChanges)
    .where(productIds ? inArray(productChanges.productId, productIds) : undefined);
  return row!.n;
}

async function flagsOf(ids: string[]) {
  const rows = await db()
    .select({ id: products.id, isActive: products.isActive, featured: products.featured, isSale: products.isSale })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Products of our own with words found nowhere else, for the search tests. */
async function addProducts(rows: { name: string; description?: string; sku: string; categorySlug?: string }[]) {
  const cats = await db().select({ id: categories.id, slug: categories.slug }).from(categories);
  const inserted = await insertTestProducts(
    db(),
    rows.map((r) => ({
      name: r.name,
      slug: r.sku.toLowerCase(),
      description: r.description ?? "",
      priceCents: 2500,
      sku: r.sku,
      stock: 5,
      categoryId: cats.find((c) => c.slug === r.categorySlug)?.id ?? null,
    })),
  );
  return inserted.map(({ id, name }) => ({ id, name }));
}

describe(`the product dashboard lists and counts (${databaseKind})`, () => {
  it("shows statistics over the whole catalogue from one aggregate", async () => {
    const all = await db().select().from(products);
    const html = await page("/admin/products");
    const onSale = all.filter((p) => isOnSale(p.priceCents, p.originalPriceCents)).length;
    const avg = all.reduce((sum, p) => sum + p.priceCents, 0) / all.length;
    expect(stat(html, "Total")).toBe(String(all.length));
    expect(stat(html, "Active")).toBe(String(all.filter((p) => p.isActive).length));
    expect(stat(html, "Inactive")).toBe(String(all.filter((p) => !p.isActive).length));
    expect(stat(html, "Featured")).toBe(String(all.filter((p) => p.featured).length));
    expect(stat(html, "On Sale")).toBe(String(onSale));
    expect(stat(html, "Avg Price")).toBe(`$${(Math.round(avg) / 100).toFixed(2)}`);
    // 'x of y': products matching of all products; 20 rows a page.
    expect(countLine(html)).toBe(`${all.length} of ${all.length}`);
    expect(listedNames(html)).toHaveLength(20);
    expect(html).toContain("Groups &amp; Variants");
    expect(html).toContain('href="/admin/products?edit=new"');
    expect(html).toContain('href="/admin/products?panel=groups"');
  });

  it("finds products as the storefront's search does (words of the name and description), or by the text in a SKU", async () => {
    const [blazer] = await addProducts([
      { name: "Zephyrine Blazer", sku: "ADM-SEARCH-1" },
      { name: "Plain Tee", description: "Woven from quokkafibre yarn", sku: "ADM-SEARCH-2" },
      { name: "Plain Cap", sku: "ADM-XQ7-UNIQUE" },
      { name: "Promo 50% Off Scarf", sku: "ADM-SEARCH-4%" },
      { name: "Promo Scarf - Redwood", sku: "ADM-SEARCH-5" },
      { name: "Embroidered Sock", sku: "ADM-SEARCH-6" },
    ]);
    const names = async (q: string) => listedNames(await page(`/admin/products?q=${encodeURIComponent(q)}`));
    // Words, by their start, in any case and order; every word must match.
    expect(await names("ZEPHYRINE")).toEqual(["Zephyrine Blazer"]);
    expect(await names("zephyr")).toEqual(["Zephyrine Blazer"]);
    expect(await names("quokkafibre")).toEqual(["Plain Tee"]);
    expect(await names("cap plain")).toEqual(["Plain Cap"]);
    expect(await names("promo scarf red")).toEqual(["Promo Scarf - Redwood"]);
    expect((await names("promos scarf")).sort()).toEqual(["Promo 50% Off Scarf", "Promo Scarf - Redwood"]);
    // Not inside a word: 'broider' is no word of 'Embroidered Sock'.
    expect(await names("broider")).toEqual([]);
    // A SKU by any part of it, with LIKE's wildcards taken literally.
    expect(await names("adm-xq7")).toEqual(["Plain Cap"]);
    expect(await names("search-4%")).toEqual(["Promo 50% Off Scarf"]);
    expect(await names("search_4")).toEqual([]);
    // A variant's own SKU finds its product.
    await db().update(productVariants).set({ sku: "VARIANT-ONLY-77" }).where(eq(productVariants.productId, blazer!.id));
    expect(await names("only-77")).toEqual(["Zephyrine Blazer"]);
    const none = await page("/admin/products?q=nothing-matches-this");
    expect(listedNames(none)).toEqual([]);
    expect(none).toContain("No products found");
    expect(none).toContain("Try adjusting your search or filters.");
    expect(countLine(none)).toMatch(/^0 of \d+$/);
  });

  it("filters by status and category, and the counts agree with the database", async () => {
    const all = await db()
      .select({ p: products, slug: categories.slug })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));
    const cases: [string, number][] = [
      ["status=active", all.filter(({ p }) => p.isActive).length],
      ["status=inactive", all.filter(({ p }) => !p.isActive).length],
      ["status=featured", all.filter(({ p }) => p.featured).length],
      ["status=sale", all.filter(({ p }) => isOnSale(p.priceCents, p.originalPriceCents)).length],
      ["category=women", all.filter(({ slug }) => slug === "women").length],
      ["category=men&status=inactive", all.filter(({ p, slug }) => slug === "men" && !p.isActive).length],
    ];
    for (const [search, expected] of cases) {
      expect(expected, search).toBeGreaterThan(0);
      const html = await page(`/admin/products?${search}`);
      expect(countLine(html), search).toBe(`${expected} of ${all.length}`);
      expect(listedNames(html), search).toHaveLength(Math.min(20, expected));
    }
    const inactive = await page("/admin/products?status=inactive");
    const inactiveNames = new Set(all.filter(({ p }) => !p.isActive).map(({ p }) => p.name));
    for (const name of listedNames(inactive)) expect(inactiveNames.has(name), name).toBe(true);
    expect(inactive).not.toMatch(/>Active<\/li>/);
  });

  it("pages 20 at a time, newest first, with every page its own URL; a page past the end shows the last", async () => {
    const all = await db()
      .select({ name: products.name })
      .from(products)
      .orderBy(sql`${products.createdAt} desc`, products.id);
    const first = listedNames(await page("/admin/products"));
    const second = listedNames(await page("/admin/products?page=2"));
    expect(first).toEqual(all.slice(0, 20).map((p) => p.name));
    expect(second).toEqual(all.slice(20, 40).map((p) => p.name));
    const lastPage = Math.ceil(all.length / 20);
    const beyond = await page("/admin/products?page=999");
    expect(listedNames(beyond)).toEqual(all.slice((lastPage - 1) * 20).map((p) => p.name));
    expect(beyond).toContain(`aria-current="page" class="page-link">${lastPage}<`);
    // The panels' parameters are no filters.
    expect(listedNames(await page("/admin/products?page=2&edit=new&panel=groups"))).toEqual(second);
  });

  it("answers nonsense in the URL with the defaults, never an error", async () => {
    for (const search of ["page=abc", "page=-1", "status=everything", "category=nope", "view=table"]) {
      const html = await page(`/admin/products?${search}`);
      expect(listedNames(html).length, search).toBe(20);
    }
    // Text is data, never SQL.
    expect(await page("/admin/products?q=%27%3B%20drop%20table%20products%3B--")).toContain("No products found");
  });
});

describe(`the product dashboard's writes (${databaseKind})`, () => {
  /** A product listed on the guest's /shop (first page), and the page cached. */
  async function productOnCachedShop() {
    const shop = await guestShop();
    const slug = /href="\/product\/([a-z0-9-]+)"/.exec(shop.html)![1]!;
    expect((await guestShop()).cache).toBe("HIT");
    const [product] = await db().select().from(products).where(eq(products.slug, slug));
    return product!;
  }

  it("toggles a product's active flag: the database, the audit trail and /shop change at once", async () => {
    const product = await productOnCachedShop();
    const before = await auditCount([product.id]);

    const off = await write({ intent: "toggle", id: product.id, flag: "isActive", value: false });
    expect(off).toEqual({
      status: 200,
      body: {
        ok: true,
        intent: "toggle",
        id: product.id,
        flag: "isActive",
        value: false,
        message: "Product status updated",
      },
    });
    expect((await flagsOf([product.id])).get(product.id)!.isActive).toBe(false);
    const [change] = await db()
      .select()
      .from(productChanges)
      .where(eq(productChanges.productId, product.id))
      .orderBy(sql`${productChanges.createdAt} desc`)
      .limit(1);
    expect(change).toMatchObject({ action: "flag", actorLabel: ADMIN.email, changes: { isActive: [true, false] } });
    const shop = await guestShop();
    expect(shop.cache).toBe("MISS");
    expect(shop.html).not.toContain(`href="/product/${product.slug}"`);

    // The state asked for, not a flip: asking again changes nothing and records nothing.
    expect((await write({ intent: "toggle", id: product.id, flag: "isActive", value: false })).status).toBe(200);
    expect(await auditCount([product.id])).toBe(before + 1);

    const on = await write({ intent: "toggle", id: product.id, flag: "isActive", value: true });
    expect(on.body.ok).toBe(true);
    expect((await guestShop()).html).toContain(`href="/product/${product.slug}"`);
  });

  it("toggles featured, and says 'Product featured updated'", async () => {
    const [product] = await db().select().from(products).where(eq(products.featured, false)).limit(1);
    const res = await write({ intent: "toggle", id: product!.id, flag: "featured", value: true });
    expect(res.body.message).toBe("Product featured updated");
    expect((await flagsOf([product!.id])).get(product!.id)!.featured).toBe(true);
    await write({ intent: "toggle", id: product!.id, flag: "featured", value: false });
  });

  it("refuses a toggle of an unknown product or a malformed body", async () => {
    const missing = await write({
      intent: "toggle",
      id: "0b5f2a47-3a0e-4c6b-9a53-6f0d2b9f1c11",
      flag: "isActive",
      value: false,
    });
    // One failure shape for every product command, whichever face sends it.
    expect(missing).toEqual({
      status: 404,
      body: { ok: false, intent: "toggle", message: "Product not found", errors: {} },
    });
    expect((await write({ intent: "toggle", id: "x", flag: "isActive", value: false })).status).toBe(400);
    const notJson = await fetch(`${server.url}/admin/products/flags`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie: adminCookie },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect((await write({ intent: "bulk", action: "activate", target: { ids: [] } })).body).toEqual({
      ok: false,
      intent: "bulk",
      message: "Please select products first",
      errors: {},
    });
  });

  it("applies a bulk action to the selected products in one go, records each change, and empties the caches", async () => {
    const shop = await guestShop();
    const slugs = [...shop.html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
    const chosen = await db()
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, [...new Set(slugs)].slice(0, 3)));
    expect(chosen).toHaveLength(3);
    expect((await guestShop()).cache).toBe("HIT");
    const ids = chosen.map((c) => c.id);
    const before = await auditCount(ids);

    const res = await write({ intent: "bulk", action: "deactivate", target: { ids } });
    expect(res).toEqual({
      status: 200,
      body: { ok: true, intent: "bulk", changed: 3, message: "Bulk action applied to 3 products" },
    });
    for (const flags of (await flagsOf(ids)).values()) expect(flags.isActive).toBe(false);
    expect(await auditCount(ids)).toBe(before + 3);
    const bulkRows = await db()
      .select()
      .from(productChanges)
      .where(and(inArray(productChanges.productId, ids), eq(productChanges.action, "bulk")));
    expect(bulkRows.map((r) => r.changes)).toEqual(ids.map(() => ({ isActive: [true, false] })));
    const after = await guestShop();
    expect(after.cache).toBe("MISS");
    for (const c of chosen) expect(after.html).not.toContain(`href="/product/${c.slug}"`);

    // Again: nothing left to change, nothing recorded.
    expect((await write({ intent: "bulk", action: "deactivate", target: { ids } })).body.changed).toBe(0);
    expect(await auditCount(ids)).toBe(before + 3);

    expect((await write({ intent: "bulk", action: "activate", target: { ids } })).body.changed).toBe(3);
    expect((await guestShop()).html).toContain(`href="/product/${chosen[0]!.slug}"`);
  });

  it("Mark as Sale takes a percentage off, keeping the regular price as compare-at; Remove from Sale restores it", async () => {
    const [plain, onSale] = await insertTestProducts(db(), [
      { name: "Sale Plain", slug: "sale-plain-fixture", sku: "SALE-PLAIN", priceCents: 4999 },
      {
        name: "Sale Already",
        slug: "sale-already-fixture",
        sku: "SALE-ALREADY",
        priceCents: 3000,
        originalPriceCents: 4000,
        isSale: true,
      },
    ]);
    const ids = [plain!.id, onSale!.id];
    const prices = async () =>
      new Map(
        (
          await db()
            .select({ id: products.id, p: products.priceCents, c: products.originalPriceCents, s: products.isSale })
            .from(products)
            .where(inArray(products.id, ids))
        ).map((r) => [r.id, [r.p, r.c, r.s]]),
      );
    const marked = await write({ intent: "bulk", action: "mark-sale", target: { ids }, percent: 25 });
    // The one already at 25 % off its regular price stays as it is (not counted, not recorded).
    expect(marked.body).toMatchObject({ ok: true, changed: 1 });
    // 49.99 × 0.75 = 37.4925 → 37.49; the one already on sale starts from its regular 40.00 → 30.00 (unchanged price).
    expect(await prices()).toEqual(
      new Map([
        [plain!.id, [3749, 4999, true]],
        [onSale!.id, [3000, 4000, true]],
      ]),
    );
    const audit = await db().select().from(productChanges).where(eq(productChanges.productId, plain!.id));
    expect(audit.at(-1)).toMatchObject({
      action: "bulk",
      changes: { priceCents: [4999, 3749], originalPriceCents: [null, 4999], isSale: [false, true] },
    });
    // Marked again at 10 %: from the regular price, not from the sale price.
    expect((await write({ intent: "bulk", action: "mark-sale", target: { ids }, percent: 10 })).body.changed).toBe(2);
    expect((await prices()).get(plain!.id)).toEqual([4499, 4999, true]);
    expect((await prices()).get(onSale!.id)).toEqual([3600, 4000, true]);

    const removed = await write({ intent: "bulk", action: "remove-sale", target: { ids } });
    expect(removed.body).toMatchObject({ ok: true, changed: 2 });
    expect(await prices()).toEqual(
      new Map([
        [plain!.id, [4999, null, false]],
        [onSale!.id, [4000, null, false]],
      ]),
    );
    // Nothing left to remove: nothing changes, nothing recorded.
    const before = await auditCount(ids);
    expect((await write({ intent: "bulk", action: "remove-sale", target: { ids } })).body.changed).toBe(0);
    expect(await auditCount(ids)).toBe(before);
  });

  it("refuses Mark as Sale without a percentage from 1 to 90, changing nothing", async () => {
    const [product] = await insertTestProducts(db(), [
      { name: "Sale Refused", slug: "sale-refused-fixture", sku: "SALE-REFUSED", priceCents: 2000 },
    ]);
    for (const percent of [undefined, 0, 91, 12.5, "20"]) {
      const res = await write({ intent: "bulk", action: "mark-sale", target: { ids: [product!.id] }, percent });
      expect(res.status, String(percent)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, message: SALE_PERCENT_MESSAGE });
    }
    const [row] = await db().select().from(products).where(eq(products.id, product!.id));
    expect(row).toMatchObject({ priceCents: 2000, originalPriceCents: null, isSale: false });
  });

  it("duplicates a product as an inactive draft with a fresh slug and SKUs, variants at stock 0, audited", async () => {
    const [source] = await insertTestProducts(db(), [
      {
        name: "Dup Source Tee",
        slug: "dup-source-tee",
        sku: "DUP-TEE",
        priceCents: 3500,
        description: "Heavy cotton",
        sizes: ["S", "M"],
        colors: ["Black"],
        tags: ["basics"],
        variants: [
          { size: "S", color: "Black", sku: "DUP-TEE-S", stock: 4, barcode: "111", priceCents: null },
          { size: "M", color: "Black", sku: "DUP-TEE-M", stock: 6, barcode: null, priceCents: 3900 },
        ],
      },
    ]);
    const duplicate = () => post("/admin/products/editor", { intent: "duplicate", productId: source!.id }, adminCookie);
    const first = await duplicate();
    expect(first.status).toBe(201);
    const body = (await first.json()) as { ok: true; message: string; product: { id: string } };
    expect(body.message).toContain("Copy of Dup Source Tee");
    const [copy] = await db().select().from(products).where(eq(products.id, body.product.id));
    expect(copy).toMatchObject({
      name: "Copy of Dup Source Tee",
      slug: "copy-of-dup-source-tee",
      sku: "DUP-TEE-COPY",
      isActive: false,
      priceCents: 3500,
      description: "Heavy cotton",
      tags: ["basics"],
      sizes: ["S", "M"],
      inventory: 0,
    });
    const variants = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, copy!.id))
      .orderBy(productVariants.position);
    expect(variants.map((v) => [v.size, v.color, v.sku, v.stock, v.barcode, v.priceCents])).toEqual([
      ["S", "Black", "DUP-TEE-COPY-S-BLACK", 0, null, null],
      ["M", "Black", "DUP-TEE-COPY-M-BLACK", 0, null, 3900],
    ]);
    const [audit] = await db().select().from(productChanges).where(eq(productChanges.productId, copy!.id));
    expect(audit).toMatchObject({ action: "duplicate", actorLabel: ADMIN.email });
    // The original is untouched; a second copy takes the next free slug and SKU.
    expect((await db().select().from(products).where(eq(products.id, source!.id)))[0]).toMatchObject({
      inventory: 10,
      isActive: true,
    });
    const second = (await (await duplicate()).json()) as { product: { id: string } };
    const [copy2] = await db().select().from(products).where(eq(products.id, second.product.id));
    expect(copy2).toMatchObject({ slug: "copy-of-dup-source-tee-2", sku: "DUP-TEE-COPY2" });
    // Nothing for a product that does not exist.
    const missing = await post(
      "/admin/products/editor",
      { intent: "duplicate", productId: "6f9619ff-8b86-4011-b42d-00c04fc964ff" },
      adminCookie,
    );
    expect(missing.status).toBe(404);
  });

  it("lists low-stock variants lowest first, filters by stock, and the dashboard's figure counts them", async () => {
    const [low] = await insertTestProducts(db(), [
      { name: "Lowstock Fixture Jeans", slug: "lowstock-fixture-jeans", sku: "LOWFIX", priceCents: 6000 },
    ]);
    await setProductStock(db(), low!.id, ({ size }) => ({ "30": 0, "32": 2, "34": 40 })[size] ?? 0, {
      sizes: ["30", "32", "34"],
      colors: ["Indigo"],
    });
    const html = await page("/admin/products?stock=low&q=lowstock%20fixture");
    const skus = [...html.matchAll(/data-sku="([^"]+)"/g)].map((m) => m[1]);
    expect(skus).toEqual(["LOWFIX-30-INDIGO", "LOWFIX-32-INDIGO"]);
    expect(html).toContain("Sold out");
    expect(html).toContain(`/admin/products?stock=low&amp;q=lowstock+fixture&amp;edit=${low!.id}`);

    // The whole view: lowest first, and the dashboard counts the same variants.
    const all = await page("/admin/products?stock=low");
    const stocks = [
      ...all.matchAll(/data-sku="[^"]+"[\s\S]*?<td class="px-4 py-2 text-right tabular-nums[^"]*">([^<]+)</g),
    ].map((m) => (m[1] === "Sold out" ? 0 : Number(m[1])));
    expect(stocks.length).toBeGreaterThan(0);
    expect([...stocks].sort((a, b) => a - b)).toEqual(stocks);
    const [counted] = await db()
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(sql`${productVariants.stock} <= 5`, eq(products.isActive, true)));
    expect(all).toContain(
      `${counted!.n.toLocaleString("en-US")} ${counted!.n === 1 ? "variant" : "variants"} with 5 or fewer in stock`,
    );
    // The dashboard links its figure to this view, and counts the same variants.
    expect(dashboardLowStock(await page("/admin"))).toBe(counted!.n);

    // Stock filters of the list: a size sold out, all sold out, in stock.
    expect(countLine(await page("/admin/products?q=lowstock%20fixture&stock=some-sold-out"))).toMatch(/^1 of /);
    expect(countLine(await page("/admin/products?q=lowstock%20fixture&stock=in-stock"))).toMatch(/^1 of /);
    expect(countLine(await page("/admin/products?q=lowstock%20fixture&stock=sold-out"))).toMatch(/^0 of /);
    await setProductStock(db(), low!.id, 0);
    expect(countLine(await page("/admin/products?q=lowstock%20fixture&stock=sold-out"))).toMatch(/^1 of /);
  });

  it("keeps the dashboard's low-stock figure equal to the low-stock view's, whatever moved the stock", async () => {
    /** The low-stock view's own count of its variants. */
    const viewTotal = async () => {
      const caption = /([\d,]+) variants? with 5 or fewer in stock/.exec(await page("/admin/products?stock=low"));
      return Number(caption![1]!.replace(/,/g, ""));
    };
    const agree = async () => {
      const [dashboard, view] = [dashboardLowStock(await page("/admin")), await viewTotal()];
      expect(dashboard).toBe(view);
      return view;
    };
    const before = await agree(); // the dashboard's figures are now cached (PAGE_CACHE_SECONDS: 600)

    // Stock written straight to the database (as fill-catalog or a hand fix does): no event is published.
    const [fixture] = await insertTestProducts(db(), [
      { name: "Lowstock Cache Tee", slug: "lowstock-cache-tee", sku: "LOWCACHE", priceCents: 2500 },
    ]);
    await setProductStock(db(), fixture!.id, ({ size }) => ({ S: 0, M: 2, L: 6 })[size] ?? 0, {
      sizes: ["S", "M", "L"],
      colors: [],
    });
    expect(await agree()).toBe(before + 2);

    // An order placed (not paid: no order event) takes L from 6 to 5, at the threshold.
    await placeOrder(db(), {
      userId: customerId,
      idempotencyKey: "lowstock-cache-order",
      lines: [{ productId: fixture!.id, size: "L", quantity: 1 }],
      shippingAddress: testAddress,
      shippingMethod: "standard",
      paymentMethod: "demo",
      limits: testLimits,
    });
    expect(await agree()).toBe(before + 3);
  });

  it("applies a bulk action to every product matching the filter, resolved by the server (hundreds of rows)", async () => {
    const many = Array.from({ length: 450 }, (_, i) => ({
      name: `Bulk Fixture ${i + 1}`,
      description: "made for the allmatchingmarker test",
      sku: `ADM-BULK-${String(i + 1).padStart(4, "0")}`,
      categorySlug: i % 2 === 0 ? "men" : "women",
    }));
    const inserted = await addProducts(many);
    const ids = inserted.map((p) => p.id);
    const otherSaleBefore = await db()
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.isSale, true), sql`not (${products.sku} like 'ADM-BULK-%')`));

    const html = await page("/admin/products?q=allmatchingmarker");
    expect(countLine(html)).toMatch(/^450 of /);
    expect(html).toContain("Select all");

    const marked = await write({
      intent: "bulk",
      action: "mark-sale",
      target: { filter: { q: "allmatchingmarker", category: null, status: "all" } },
      percent: 10,
    });
    expect(marked.body).toMatchObject({ ok: true, changed: 450, message: "Bulk action applied to 450 products" });
    const rows = await db().select().from(products).where(like(products.sku, "ADM-BULK-%"));
    expect(rows.every((r) => r.isSale && r.priceCents === 2250 && r.originalPriceCents === 2500)).toBe(true);
    expect(await auditCount(ids)).toBe(450);
    // Nothing outside the filter changed.
    const otherSaleAfter = await db()
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.isSale, true), sql`not (${products.sku} like 'ADM-BULK-%')`));
    expect(otherSaleAfter).toEqual(otherSaleBefore);

    // The filter's category and status narrow it inside the same UPDATE.
    const men = await write({
      intent: "bulk",
      action: "deactivate",
      target: { filter: { q: "allmatchingmarker", category: "men", status: "sale" } },
    });
    expect(men.body.changed).toBe(225);
    const after = await db().select().from(products).where(like(products.sku, "ADM-BULK-%"));
    const menIds = new Set(inserted.filter((_, i) => i % 2 === 0).map((p) => p.id));
    for (const r of after) expect(r.isActive, r.sku).toBe(!menIds.has(r.id));
    expect(countLine(await page("/admin/products?q=allmatchingmarker&status=inactive"))).toMatch(/^225 of /);
  });
});

describe(`customers and visitors change nothing (${databaseKind})`, () => {
  it("sends them away from every write, whatever the method or body, and the database stays as it was", async () => {
    const [target] = await db().select().from(products).where(eq(products.isActive, true)).limit(1);
    const id = target!.id;
    const snapshot = async () => ({
      flags: await db()
        .select({
          a: products.isActive,
          f: products.featured,
          s: products.isSale,
          p: products.priceCents,
          c: products.originalPriceCents,
          u: products.updatedAt,
        })
        .from(products)
        .orderBy(products.id),
      audit: await auditCount(),
    });
    const before = await snapshot();
    const bodies = [
      { intent: "toggle", id, flag: "isActive", value: false },
      { intent: "toggle", id, flag: "featured", value: true },
      { intent: "bulk", action: "deactivate", target: { ids: [id] } },
      { intent: "bulk", action: "deactivate", target: { filter: { q: "", category: null, status: "all" } } },
      {
        intent: "bulk",
        action: "mark-sale",
        target: { filter: { q: "", category: null, status: "all" } },
        percent: 50,
      },
      { intent: "bulk", action: "remove-sale", target: { ids: [id] } },
    ];
    for (const cookie of [customerCookie, undefined]) {
      for (const path of ["/admin/products/flags", "/admin/products/flags.data", "/admin/products/demo"]) {
        for (const body of bodies) {
          for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
            const res = await post(path, body, cookie, method);
            const text = await res.text();
            expect([302, 202, 204, 405], `${method} ${path} ${res.status}`).toContain(res.status);
            if (res.status === 302) expect(res.headers.get("location")).toBe("/");
            expect(text).not.toContain("Bulk action applied");
            expect(text).not.toContain("updated");
          }
        }
      }
      // Reads too: the loader's data URL gives them nothing.
      const data = await (await get("/admin/products.data", cookie)).text();
      expect(data).not.toContain(target!.sku);
      expect(data).not.toContain("avgPriceCents");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers an admin's GET of the write routes with 405, and a customer's with a redirect", async () => {
    expect((await get("/admin/products/flags", adminCookie)).status).toBe(405);
    expect((await get("/admin/products/demo", adminCookie)).status).toBe(405);
    const customer = await get("/admin/products/flags", customerCookie);
    expect(customer.status).toBe(302);
    expect(customer.headers.get("location")).toBe("/");
  });
});
