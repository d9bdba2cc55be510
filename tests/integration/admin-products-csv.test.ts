import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productChanges, products } from "#db/schema/index";
import { CSV_MESSAGES, type CsvAnswer } from "~/modules/product-admin/product-csv";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The product CSV over HTTP (`/admin/products/csv`): export, preview, import, the per-row problems,
 * all-or-nothing, a stale preview, formula cells, and the guard.
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

async function exportCsv(cookie = adminCookie) {
  return fetch(`${server.url}/admin/products/csv`, { headers: { cookie }, redirect: "manual" });
}

async function post(intent: string, csv: string, { cookie = adminCookie, token = "" } = {}) {
  const res = await fetch(`${server.url}/admin/products/csv?intent=${intent}&token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "text/csv" },
    body: csv,
    redirect: "manual",
  });
  const body = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as CsvAnswer) : null;
  return { status: res.status, body, res };
}

async function previewAndImport(csv: string) {
  const preview = await post("preview", csv);
  expect(preview.status).toBe(200);
  if (!preview.body?.ok) throw new Error(`preview failed: ${JSON.stringify(preview.body)}`);
  return { preview: preview.body, imported: await post("import", csv, { token: preview.body.plan.token }) };
}

const records = (csv: string) => parse(csv, { bom: true }) as string[][];
const toCsv = (rows: string[][]) =>
  rows
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(","))
    .join("\n");

describe(`product CSV (${databaseKind})`, () => {
  it("exports every product with a header, as a download", async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = records(await res.text());
    expect(rows[0]).toEqual(expect.arrayContaining(["sku", "name", "price", "inventory", "category", "sizes"]));
    const [{ count }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(products)) as [{ count: number }];
    expect(rows.length - 1).toBe(count);
  });

  it("round-trips: an unchanged export imports as unchanged, edits and new rows as such, in one go", async () => {
    const original = records(await (await exportCsv()).text());
    const header = original[0]!;
    const col = (name: string) => header.indexOf(name);
    const unchanged = await post("preview", toCsv(original));
    expect(unchanged.body).toMatchObject({ ok: true, plan: { create: 0, update: 0, problems: [] } });
    expect(unchanged.body!.ok && unchanged.body!.plan.unchanged).toBe(original.length - 1);

    const edited = original.map((row) => [...row]);
    const target = edited.find((row, i) => i > 0 && row[col("active")] === "yes")!;
    const sku = target[col("sku")]!;
    target[col("price")] = "12.34";
    target[col("compare_at_price")] = "";
    const fresh = header.map(() => "");
    fresh[col("sku")] = `CSV-NEW-${Date.now()}`;
    fresh[col("name")] = "Imported Linen Shirt";
    fresh[col("price")] = "45.00";
    fresh[col("inventory")] = "7";
    fresh[col("sizes")] = "S | M | L";
    fresh[col("active")] = "yes";
    edited.push(fresh);

    const { preview, imported } = await previewAndImport(toCsv(edited));
    expect(preview.plan).toMatchObject({ create: 1, update: 1, problems: [] });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ ok: true, message: "Imported 2 products" });

    const [updated] = await db().select().from(products).where(eq(products.sku, sku));
    expect(updated).toMatchObject({ priceCents: 1234, originalPriceCents: null });
    const [created] = await db()
      .select()
      .from(products)
      .where(eq(products.sku, fresh[col("sku")]!));
    expect(created).toMatchObject({
      name: "Imported Linen Shirt",
      slug: "imported-linen-shirt",
      priceCents: 4500,
      inventory: 7,
      sizes: ["S", "M", "L"],
      isActive: true,
    });
    const audit = await db()
      .select()
      .from(productChanges)
      .where(and(eq(productChanges.productId, updated!.id), eq(productChanges.action, "import")));
    expect(audit[0]?.changes).toMatchObject({ priceCents: [expect.any(Number), 1234] });
    // The storefront shows the import at once (the guest page cache lives 600 s here).
    const page = await (await fetch(`${server.url}/product/${updated!.slug}`)).text();
    expect(page).toContain("$12.34");
  });

  it("lists every row's problem in the preview and writes nothing, even when asked to import", async () => {
    const header = ["sku", "name", "price", "inventory", "category", "active"];
    const csv = toCsv([
      header,
      ["CSV-OK-1", "Good Tee", "20.00", "3", "", "yes"],
      ["CSV-BAD-PRICE", "Bad Price", "twelve", "3", "", "yes"],
      ["CSV-OK-1", "Same SKU", "20.00", "3", "", "yes"],
      ["", "No SKU", "20.00", "3", "", "yes"],
      ["CSV-BAD-CAT", "Bad Category", "20.00", "3", "no-such-category", "yes"],
      ["CSV-BAD-FLAG", "Bad Flag", "20.00", "-1", "", "maybe"],
    ]);
    const preview = await post("preview", csv);
    expect(preview.status).toBe(200);
    const plan = preview.body!.ok ? preview.body!.plan : null;
    expect(plan!.problems).toEqual([
      { line: 3, sku: "CSV-BAD-PRICE", errors: { price: "Valid price is required" } },
      { line: 4, sku: "CSV-OK-1", errors: { sku: CSV_MESSAGES.duplicateSku(2) } },
      { line: 5, sku: "", errors: { sku: CSV_MESSAGES.skuRequired } },
      { line: 6, sku: "CSV-BAD-CAT", errors: { category: CSV_MESSAGES.unknownCategory("no-such-category") } },
      {
        line: 7,
        sku: "CSV-BAD-FLAG",
        errors: { active: CSV_MESSAGES.flag, inventory: "Valid inventory count is required" },
      },
    ]);
    const imported = await post("import", csv, { token: plan!.token });
    expect(imported.status).toBe(400);
    expect(imported.body).toMatchObject({ ok: false, message: CSV_MESSAGES.hasErrors });
    expect(await db().select().from(products).where(eq(products.sku, "CSV-OK-1"))).toEqual([]);
  });

  it("refuses an import when a product changed after the preview, and writes nothing", async () => {
    const [product] = await db().select().from(products).limit(1);
    const csv = toCsv([
      ["sku", "name", "price", "compare_at_price"],
      [product!.sku, product!.name, "1.00", ""],
      ["CSV-STALE-NEW", "Stale Tee", "10.00", ""],
    ]);
    const preview = await post("preview", csv);
    expect(preview.body).toMatchObject({ ok: true, plan: { create: 1, update: 1, problems: [] } });
    // Someone saves the product (or an order takes stock) meanwhile.
    await db()
      .update(products)
      .set({ inventory: sql`${products.inventory} + 1`, updatedAt: sql`now()` })
      .where(eq(products.id, product!.id));
    const token = preview.body!.ok ? preview.body!.plan.token : "";
    const imported = await post("import", csv, { token });
    expect(imported.status).toBe(409);
    expect(imported.body).toMatchObject({ ok: false, message: CSV_MESSAGES.changedSincePreview });
    const [after] = await db().select().from(products).where(eq(products.id, product!.id));
    expect(after!.priceCents).toBe(product!.priceCents);
    expect(await db().select().from(products).where(eq(products.sku, "CSV-STALE-NEW"))).toEqual([]);
  });

  it("neutralises formula cells on export and reads them back as written", async () => {
    const [product] = await db().select().from(products).limit(1);
    await db()
      .update(products)
      .set({ name: '=HYPERLINK("http://evil.example","Click")', description: "+1 great tee" })
      .where(eq(products.id, product!.id));
    const rows = records(await (await exportCsv()).text());
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf("sku")] === product!.sku)!;
    expect(row[header.indexOf("name")]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(row[header.indexOf("description")]).toBe("'+1 great tee");
    const preview = await post("preview", toCsv([header, row]));
    expect(preview.body).toMatchObject({ ok: true, plan: { update: 0, unchanged: 1, problems: [] } });
  });

  it("answers a file that is not a product CSV with a clear 400", async () => {
    expect((await post("preview", "name,price\nTee,10")).body).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.noSku,
    });
    expect((await post("preview", 'sku,name\n"unclosed,quote\n')).body).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.notCsv,
    });
    expect((await post("preview", "sku,colour\nA,Red")).status).toBe(400);
    expect((await post("preview", "sku,name\n")).body).toMatchObject({ ok: false, message: CSV_MESSAGES.noRows });
  });

  it("takes a file larger than the API limit (1,000 new products) in one import", async () => {
    const rows = [["sku", "name", "price", "inventory", "description"]];
    for (let i = 0; i < 1000; i++) rows.push([`CSV-BULK-${i}`, `Bulk Tee ${i}`, "15.00", "5", "x".repeat(100)]);
    const csv = toCsv(rows);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(64 * 1024);
    const { preview, imported } = await previewAndImport(csv);
    expect(preview.plan.create).toBe(1000);
    expect(imported.status).toBe(200);
    const [{ count }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.sku} like 'CSV-BULK-%'`)) as [{ count: number }];
    expect(count).toBe(1000);
  });

  it("gives a customer or a visitor nothing and changes nothing", async () => {
    for (const cookie of [customer.cookie, ""]) {
      const res = await exportCsv(cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      const csv = toCsv([
        ["sku", "name", "price"],
        ["CSV-INTRUDER", "Intruder", "1.00"],
      ]);
      for (const intent of ["preview", "import"]) {
        const answer = await post(intent, csv, { cookie });
        expect(answer.status).toBe(302);
        expect(answer.body).toBeNull();
      }
      expect(await db().select().from(products).where(eq(products.sku, "CSV-INTRUDER"))).toEqual([]);
    }
  });
});
