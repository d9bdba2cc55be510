import { parse } from "csv-parse/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productChanges, products, productVariants } from "#db/schema/index";
import { giveBackStock } from "~/modules/catalog/variants.server";
import { CSV_MAX_PROBLEMS, CSV_MESSAGES, problemText, type CsvAnswer } from "~/modules/product-admin/product-csv";
import { insertTestProducts } from "../support/catalog-fixtures";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The product CSV over HTTP (`/admin/products/csv`): one row per variant on export and import, the
 * old one-row-per-product file, every problem listed by row, all-or-nothing, a stale preview, formula
 * cells, and the guard.
 */
let server: TestServer;
let adminCookie = "";
let customer: { cookie: string; id: string };

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "OwnerPass123",
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, "owner@example.com", "OwnerPass123");
  customer = await signUp(server, "csv-shopper@example.com");
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;

async function exportCsv(cookie = adminCookie, query = "") {
  return fetch(`${server.url}/admin/products/csv${query}`, { headers: { cookie }, redirect: "manual" });
}

async function post(intent: string, csv: string | Uint8Array, { cookie = adminCookie, token = "" } = {}) {
  const res = await fetch(`${server.url}/admin/products/csv?intent=${intent}&token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "text/csv" },
    body: typeof csv === "string" ? csv : new Uint8Array(csv),
    redirect: "manual",
  });
  const body = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as CsvAnswer) : null;
  return { status: res.status, body, res };
}

async function planOf(csv: string | Uint8Array) {
  const preview = await post("preview", csv);
  expect(preview.status).toBe(200);
  if (!preview.body?.ok) throw new Error(`preview failed: ${JSON.stringify(preview.body)}`);
  return preview.body.plan;
}

async function previewAndImport(csv: string | Uint8Array) {
  const plan = await planOf(csv);
  return { plan, imported: await post("import", csv, { token: plan.token }) };
}

const records = (csv: string) => parse(csv, { bom: true }) as string[][];
const toCsv = (rows: string[][]) =>
  rows
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(","))
    .join("\n");

/** A product's variants, in order. */
async function variantsOfSku(sku: string) {
  return db()
    .select({
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      stock: productVariants.stock,
      barcode: productVariants.barcode,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.sku, sku))
    .orderBy(asc(productVariants.position));
}

async function productOfSku(sku: string) {
  const [product] = await db().select().from(products).where(eq(products.sku, sku));
  return product;
}

describe(`product CSV (${databaseKind})`, () => {
  it("exports one row per variant, the product's fields on its first row only, as a download", async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = records(await res.text());
    expect(header).toEqual(
      expect.arrayContaining(["slug", "sku", "name", "price", "size", "color", "variant_sku", "stock", "barcode"]),
    );
    expect(header).not.toContain("inventory");
    const [{ count }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(productVariants)) as [{ count: number }];
    expect(rows.length).toBe(count);
    // Every product's rows follow each other; the name is on its first row only; stock adds up to its inventory.
    const col = (name: string) => header!.indexOf(name);
    const [product] = await db()
      .select()
      .from(products)
      .where(sql`cardinality(${products.sizes}) > 2`)
      .limit(1);
    const own = rows.filter((r) => r[col("slug")] === product!.slug);
    expect(own.length).toBe(product!.sizes.length * Math.max(product!.colors.length, 1));
    expect(own.map((r) => r[col("name")] !== "")).toEqual(own.map((_, i) => i === 0));
    expect(own.reduce((sum, r) => sum + Number(r[col("stock")]), 0)).toBe(product!.inventory);
    expect([...new Set(own.map((r) => r[col("size")]))]).toEqual(product!.sizes);
  });

  it("round-trips: an unchanged export changes nothing; edited fields, stock per size and new products import in one go", async () => {
    const original = records(await (await exportCsv()).text());
    const header = original[0]!;
    const col = (name: string) => header.indexOf(name);
    const unchanged = await planOf(toCsv(original));
    expect(unchanged).toMatchObject({ create: 0, update: 0, problems: [], problemCount: 0 });
    expect(unchanged.unchanged).toBe(unchanged.products);

    const edited = original.map((row) => [...row]);
    // A product with several sizes: its price on the first row, the stock of its second size on the next.
    const first = edited.findIndex(
      (row, i) => i > 0 && row[col("active")] === "yes" && edited[i + 1]?.[col("name")] === "",
    );
    const target = edited[first]!;
    const sku = target[col("sku")]!;
    target[col("price")] = "12.34";
    target[col("compare_at_price")] = "";
    const second = edited[first + 1]!;
    const secondOption = { size: second[col("size")]!, color: second[col("color")]! };
    second[col("stock")] = "41";
    second[col("barcode")] = "0012345678905";
    const fresh = (cells: Record<string, string>) => header.map((name) => cells[name] ?? "");
    const newSku = `CSV-NEW-${Date.now()}`;
    edited.push(
      fresh({
        slug: "imported-linen-shirt",
        sku: newSku,
        name: "Imported Linen Shirt",
        price: "45.00",
        active: "yes",
        size: "S",
        color: "White",
        stock: "2",
      }),
      fresh({ slug: "imported-linen-shirt", size: "M", color: "White", stock: "5", variant_price: "47.50" }),
      fresh({ slug: "imported-linen-shirt", size: "L", color: "White", variant_sku: "LINEN-L", stock: "0" }),
    );

    const { plan, imported } = await previewAndImport(toCsv(edited));
    expect(plan).toMatchObject({ create: 1, update: 1, problems: [] });
    expect(plan.sample.find((c) => c.sku === sku)?.fields).toEqual(expect.arrayContaining(["priceCents", "variants"]));
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ ok: true, message: "Imported 2 products" });

    const updated = await productOfSku(sku);
    expect(updated).toMatchObject({ priceCents: 1234, originalPriceCents: null });
    const variants = await variantsOfSku(sku);
    expect(variants.find((v) => v.size === secondOption.size && v.color === secondOption.color)).toMatchObject({
      stock: 41,
      barcode: "0012345678905",
    });
    expect(updated!.inventory).toBe(variants.reduce((sum, v) => sum + v.stock, 0));

    const created = await productOfSku(newSku);
    expect(created).toMatchObject({
      name: "Imported Linen Shirt",
      slug: "imported-linen-shirt",
      priceCents: 4500,
      inventory: 7,
      sizes: ["S", "M", "L"],
      colors: ["White"],
      isActive: true,
    });
    expect(await variantsOfSku(newSku)).toEqual([
      { size: "S", color: "White", sku: `${newSku}-S-WHITE`, stock: 2, barcode: null, priceCents: null },
      { size: "M", color: "White", sku: `${newSku}-M-WHITE`, stock: 5, barcode: null, priceCents: 4750 },
      { size: "L", color: "White", sku: "LINEN-L", stock: 0, barcode: null, priceCents: null },
    ]);

    const audit = await db()
      .select()
      .from(productChanges)
      .where(and(eq(productChanges.productId, updated!.id), eq(productChanges.action, "import")));
    const label = [secondOption.size, secondOption.color].filter(Boolean).join("/");
    expect(audit[0]?.changes).toMatchObject({
      priceCents: [expect.any(Number), 1234],
      [`variant ${label} stock`]: [expect.any(Number), 41],
      [`variant ${label} barcode`]: [null, "0012345678905"],
    });
    // The storefront shows the import at once (the guest page cache lives 600 s here).
    const page = await (await fetch(`${server.url}/product/${updated!.slug}`)).text();
    expect(page).toContain("$12.34");
    // And the export gives back what was imported.
    const again = records(await (await exportCsv()).text());
    expect(await planOf(toCsv(again))).toMatchObject({ create: 0, update: 0, problemCount: 0 });
  });

  it("adds and removes sizes of a product in the shop, keeping the variants that stay", async () => {
    await insertTestProducts(db(), [
      {
        name: "Resized Tee",
        slug: "resized-tee",
        sku: "RESIZE",
        priceCents: 2000,
        sizes: ["S", "M", "L"],
        colors: [],
        variants: [
          { size: "S", color: "", sku: "RESIZE-S", stock: 1 },
          { size: "M", color: "", sku: "RESIZE-M", stock: 2 },
          { size: "L", color: "", sku: "RESIZE-L", stock: 3 },
        ],
      },
    ]);
    const [{ id: keptId }] = (await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, "RESIZE-M"))) as [{ id: string }];
    const csv = toCsv([
      ["slug", "size", "variant_sku", "stock"],
      ["resized-tee", "M", "", "2"],
      ["resized-tee", "XL", "RESIZE-S", "4"], // S goes; its SKU moves to the new XL
    ]);
    const { plan, imported } = await previewAndImport(csv);
    expect(plan).toMatchObject({ update: 1, variants: 2, stock: 6 });
    expect(imported.status).toBe(200);
    expect(await variantsOfSku("RESIZE")).toEqual([
      { size: "M", color: "", sku: "RESIZE-M", stock: 2, barcode: null, priceCents: null },
      { size: "XL", color: "", sku: "RESIZE-S", stock: 4, barcode: null, priceCents: null },
    ]);
    expect(await productOfSku("RESIZE")).toMatchObject({ sizes: ["M", "XL"], inventory: 6 });
    const [kept] = await db().select().from(productVariants).where(eq(productVariants.sku, "RESIZE-M"));
    expect(kept!.id).toBe(keptId);
  });

  it("lists every problem by row in the preview and writes nothing, even when asked to import", async () => {
    await insertTestProducts(db(), [
      { name: "Taken Tee", slug: "taken-tee", sku: "TAKEN", priceCents: 1000, sizes: ["M"], colors: [] },
    ]);
    const header = ["slug", "sku", "name", "price", "category", "active", "size", "color", "variant_sku", "stock"];
    const csv = toCsv([
      header,
      ["good-tee", "CSV-OK-1", "Good Tee", "20.00", "", "yes", "S", "", "CSV-OK-1-S", "3"], // 2
      ["good-tee", "", "", "", "", "", "M", "", "CSV-OK-1-M", "seven"], // 3
      ["bad-price", "CSV-BAD-PRICE", "Bad Price", "twelve", "", "yes", "", "", "CSV-BAD-PRICE", "1"], // 4
      ["bad-cat", "CSV-BAD-CAT", "Bad Category", "20.00", "no-such-category", "yes", "", "", "CSV-BAD-CAT", "1"], // 5
      ["bad-flag", "CSV-BAD-FLAG", "Bad Flag", "20.00", "", "maybe", "", "", "CSV-BAD-FLAG", "1"], // 6
      ["twice-a", "CSV-TWICE-A", "Twice A", "20.00", "", "yes", "", "", "CSV-TWICE", "1"], // 7
      ["twice-b", "CSV-TWICE-B", "Twice B", "20.00", "", "yes", "", "", "CSV-TWICE", "1"], // 8
      ["theirs", "CSV-THEIRS", "Theirs", "20.00", "", "yes", "", "", "TAKEN", "1"], // 9
      ["good-tee", "", "", "", "", "", "S", "", "CSV-OK-1-S2", "1"], // 10
    ]);
    const plan = await planOf(csv);
    expect(plan.problems.map(problemText)).toEqual([
      "Row 3: stock must be a whole number ≥ 0",
      "Row 4: Valid price is required",
      "Row 5: No category with the slug 'no-such-category'",
      "Row 6: active must be yes or no",
      "Row 7: SKU 'CSV-TWICE' is used twice (rows 7 and 8)",
      "Row 9: SKU 'TAKEN' is already a variant of another product ('taken-tee')",
      "Row 10: size 'S' of this product is already on row 2",
    ]);
    expect(plan.problems[0]).toEqual({ row: 3, column: "stock", message: CSV_MESSAGES.stock });
    expect(plan.problemCount).toBe(7);
    const imported = await post("import", csv, { token: plan.token });
    expect(imported.status).toBe(400);
    expect(imported.body).toMatchObject({ ok: false, message: CSV_MESSAGES.hasErrors });
    expect(await db().select().from(products).where(eq(products.sku, "CSV-OK-1"))).toEqual([]);
  });

  it("lists at most the first problems, with the count of all of them", async () => {
    const rows = [["slug", "sku", "name", "price", "stock"]];
    for (let i = 0; i < CSV_MAX_PROBLEMS + 50; i++) rows.push([`many-${i}`, `MANY-${i}`, `Many ${i}`, "1.00", "-1"]);
    const plan = await planOf(toCsv(rows));
    expect(plan.problemCount).toBe(CSV_MAX_PROBLEMS + 50);
    expect(plan.problems).toHaveLength(CSV_MAX_PROBLEMS);
    expect(plan.problems.at(-1)!.row).toBe(CSV_MAX_PROBLEMS + 1);
  });

  it("still imports the old one-row-per-product file: inventory on the first variant, a change of total there", async () => {
    await insertTestProducts(db(), [
      {
        name: "Old File Tee",
        slug: "old-file-tee",
        sku: "OLDFILE",
        priceCents: 2000,
        sizes: ["S", "M"],
        colors: [],
        variants: [
          { size: "S", color: "", stock: 4 },
          { size: "M", color: "", stock: 6 },
        ],
      },
    ]);
    const csv = (inventory: string) =>
      toCsv([
        ["sku", "name", "price", "inventory", "sizes", "colors"],
        ["OLDFILE", "Old File Tee", "20.00", inventory, "S | M", ""],
        ["OLDNEW", "Old New Tee", "15.00", "9", "S | M | L", "Red"],
      ]);
    const low = await planOf(csv("5"));
    expect(low.problems.map(problemText)).toEqual([`Row 2: ${CSV_MESSAGES.inventoryBelowOthers(5, 6)}`]);
    const { imported } = await previewAndImport(csv("16"));
    expect(imported.status).toBe(200);
    expect((await variantsOfSku("OLDFILE")).map((v) => v.stock)).toEqual([10, 6]);
    expect((await variantsOfSku("OLDNEW")).map((v) => [v.size, v.color, v.sku, v.stock])).toEqual([
      ["S", "Red", "OLDNEW-S-RED", 9],
      ["M", "Red", "OLDNEW-M-RED", 0],
      ["L", "Red", "OLDNEW-L-RED", 0],
    ]);
    expect(await productOfSku("OLDNEW")).toMatchObject({ inventory: 9, sizes: ["S", "M", "L"], colors: ["Red"] });
    // The same file again changes nothing.
    expect(await planOf(csv("16"))).toMatchObject({ update: 0, create: 0, unchanged: 2 });
  });

  it("refuses an import when a product's stock moved after the preview, and writes nothing", async () => {
    const [product] = await db().select().from(products).limit(1);
    const csv = toCsv([
      ["sku", "name", "price", "compare_at_price"],
      [product!.sku, product!.name, "1.00", ""],
      ["CSV-STALE-NEW", "Stale Tee", "10.00", ""],
    ]);
    const plan = await planOf(csv);
    expect(plan).toMatchObject({ create: 1, update: 1, problems: [] });
    // A cancelled order gives a unit back meanwhile.
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, product!.id));
    await db().transaction((tx) =>
      giveBackStock(tx, [{ variantId: variant!.id, productId: product!.id, quantity: 1 }]),
    );
    const imported = await post("import", csv, { token: plan.token });
    expect(imported.status).toBe(409);
    expect(imported.body).toMatchObject({ ok: false, message: CSV_MESSAGES.changedSincePreview });
    expect((await productOfSku(product!.sku))!.priceCents).toBe(product!.priceCents);
    expect(await db().select().from(products).where(eq(products.sku, "CSV-STALE-NEW"))).toEqual([]);
  });

  it("checks the shop again at import: a slug taken after the preview is that row's problem; a renamed category is its row's", async () => {
    // New products whose slugs come from their names (the file names them by SKU only).
    const csv = toCsv([
      ["sku", "name", "price", "category"],
      ["CSV-LATE-1", "Late Tee", "10.00", "men"],
      ["CSV-LATE-2", "Late Cap", "12.00", ""],
    ]);
    const plan = await planOf(csv);
    expect(plan).toMatchObject({ create: 2, problems: [] });
    // Another product takes the first one's slug meanwhile.
    await insertTestProducts(db(), [{ name: "Early Tee", slug: "late-tee", sku: "CSV-EARLY", priceCents: 900 }]);
    const imported = await post("import", csv, { token: plan.token });
    expect(imported.status).toBe(400);
    expect(imported.body).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.hasErrors,
      plan: { problemCount: 1, problems: [{ row: 2, column: "slug", message: CSV_MESSAGES.slugTaken }] },
    });
    expect(await productOfSku("CSV-LATE-2")).toBeUndefined();

    // The same file without that row, previewed again; then the category it names is renamed.
    const rest = toCsv([
      ["sku", "name", "price", "category"],
      ["CSV-LATE-2", "Late Cap", "12.00", "men"],
    ]);
    const second = await planOf(rest);
    await db().execute(sql`update categories set slug = 'men-renamed' where slug = 'men'`);
    try {
      const again = await post("import", rest, { token: second.token });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({
        plan: { problems: [{ row: 2, column: "category", message: CSV_MESSAGES.unknownCategory("men") }] },
      });
      expect(await productOfSku("CSV-LATE-2")).toBeUndefined();
    } finally {
      await db().execute(sql`update categories set slug = 'men' where slug = 'men-renamed'`);
    }
  });

  it("neutralises formula cells on export and reads them back as written", async () => {
    const [product] = await db().select().from(products).limit(1);
    await db()
      .update(products)
      .set({ name: '=HYPERLINK("http://evil.example","Click")', description: "+1 great tee" })
      .where(eq(products.id, product!.id));
    const rows = records(await (await exportCsv()).text());
    const header = rows[0]!;
    const own = rows.filter((r) => r[header.indexOf("slug")] === product!.slug);
    expect(own[0]![header.indexOf("name")]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(own[0]![header.indexOf("description")]).toBe("'+1 great tee");
    expect(await planOf(toCsv([header, ...own]))).toMatchObject({ update: 0, unchanged: 1, problems: [] });
  });

  it("reads a file Excel saved as 'CSV' on Windows (Windows-1252) as Windows-1252, and UTF-8 with or without a BOM as UTF-8", async () => {
    const rows = (suffix: string) => [
      ["slug", "sku", "name", "price", "size", "stock", "description"],
      [`cafe-creme-${suffix}`, `CAFE-${suffix}`, "Café Crème Tee", "20.00", "M", "3", "Baker’s cut — €5 off"],
    ];
    // Real Windows-1252 bytes: é E9, è E8, ’ 92, — 97, € 80 (the last three are not Latin-1).
    const cp1252: Record<string, number> = { é: 0xe9, è: 0xe8, "’": 0x92, "—": 0x97, "€": 0x80 };
    const windows1252 = Uint8Array.from([...toCsv(rows("1252"))].map((c) => cp1252[c] ?? c.charCodeAt(0)));
    expect(windows1252).toContain(0xe9);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(windows1252)).toThrow();

    const preview = await post("preview", windows1252);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ ok: true, message: expect.stringContaining(CSV_MESSAGES.readAsWindows1252) });
    const { imported } = await previewAndImport(windows1252);
    expect(imported.status).toBe(200);
    expect(await productOfSku("CAFE-1252")).toMatchObject({
      name: "Café Crème Tee",
      description: "Baker’s cut — €5 off",
    });

    const utf8 = Buffer.from(toCsv(rows("UTF8")), "utf8");
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(toCsv(rows("BOM")), "utf8")]);
    for (const [sku, bytes] of [
      ["CAFE-UTF8", utf8],
      ["CAFE-BOM", bom],
    ] as const) {
      const plan = await post("preview", bytes);
      expect(plan.body?.message).not.toContain(CSV_MESSAGES.readAsWindows1252);
      expect((await previewAndImport(bytes)).imported.status).toBe(200);
      expect(await productOfSku(sku)).toMatchObject({ name: "Café Crème Tee", description: "Baker’s cut — €5 off" });
    }
    // Neither: a byte Windows-1252 leaves undefined is a clear 400, and nothing is imported.
    const neither = await post("preview", Uint8Array.from([...windows1252, 0x81]));
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ ok: false, message: CSV_MESSAGES.unknownEncoding });
  });

  it("answers a file that is not a product CSV with a clear 400", async () => {
    expect((await post("preview", "name,price\nTee,10")).body).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.noKey,
    });
    const unclosed = await post("preview", 'sku,name\nA,ok\n"unclosed,quote\n');
    expect(unclosed.status).toBe(400);
    expect(unclosed.body).toMatchObject({ ok: false, message: CSV_MESSAGES.notCsvAt(3) });
    expect((await post("preview", "sku,weight\nA,1")).status).toBe(400);
    expect((await post("preview", "sku,name\n")).body).toMatchObject({ ok: false, message: CSV_MESSAGES.noRows });
    expect((await post("nonsense", "sku,name\nA,B")).status).toBe(400);
  });

  it("gives a customer or a visitor nothing and changes nothing", async () => {
    for (const cookie of [customer.cookie, ""]) {
      const res = await exportCsv(cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      const csv = toCsv([
        ["slug", "sku", "name", "price", "size", "stock"],
        ["csv-intruder", "CSV-INTRUDER", "Intruder", "1.00", "M", "1"],
      ]);
      const token = (await planOf(csv)).token;
      for (const intent of ["preview", "import"]) {
        const answer = await post(intent, csv, { cookie, token });
        expect(answer.status).toBe(302);
        expect(answer.body).toBeNull();
      }
      expect(await db().select().from(products).where(eq(products.sku, "CSV-INTRUDER"))).toEqual([]);
    }
  });
});
