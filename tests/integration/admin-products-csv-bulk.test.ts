import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { bodyLimitFor } from "~/lib/http/body-limits";
import type { NewProduct } from "~/modules/catalog/variants.server";
import type { CsvAnswer } from "~/modules/product-admin/product-csv";
import { insertTestProducts } from "../support/catalog-fixtures";
import { databaseKind } from "../support/test-database";
import { signIn } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The product CSV at a real catalogue's size, over HTTP: 10,000 products in 5 sizes × 3 colours
 * (150,000 variant rows) exported, every stock and some prices edited, previewed and imported within
 * the admins' upload limit, then exported again and compared.
 */
const PRODUCTS = 10_000;
const SIZES = ["XS", "S", "M", "L", "XL"];
const COLORS = ["Black", "Navy", "Sand"];

let server: TestServer;
let cookie = "";

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "OwnerPass123" });
  cookie = await signIn(server.url, "owner@example.com", "OwnerPass123");
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;

async function post(intent: string, csv: string, token = "") {
  const res = await fetch(`${server.url}/admin/products/csv?intent=${intent}&token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "text/csv" },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as CsvAnswer };
}

async function exportAll(): Promise<string> {
  // The fixture's SKUs (BULK-00000 …): 'BULK-' alone would also find the demo products whose
  // descriptions have the word 'bulk' ("warmth without bulk"), as the search reads words too.
  const res = await fetch(`${server.url}/admin/products/csv?q=BULK-0`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

const timed = async <T>(label: string, work: () => Promise<T>, times: Record<string, number>) => {
  const start = performance.now();
  const result = await work();
  times[label] = Math.round(performance.now() - start);
  return result;
};

describe(`product CSV round trip at 10,000 products × 15 variants (${databaseKind})`, () => {
  it("exports, previews and imports 150,000 variant rows within the upload limit, and exports them back", async () => {
    const times: Record<string, number> = {};
    // The catalogue goes in as every product does (insertProducts), in one transaction: 10 INSERTs of
    // 1,000 products, each followed by one INSERT of their 15,000 variants.
    const catalogue: NewProduct[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      catalogue.push({
        name: `Bulk Tee ${i}`,
        slug: `bulk-tee-${i}`,
        sku: `BULK-${String(i).padStart(5, "0")}`,
        description: `A bulk tee, number ${i}, in cotton jersey. Machine wash cold.`,
        priceCents: 1500 + (i % 50) * 100,
        sizes: SIZES,
        colors: COLORS,
        variants: SIZES.flatMap((size, s) => COLORS.map((color, c) => ({ size, color, stock: (i + s * 3 + c) % 20 }))),
      });
    }
    await timed("insert", () => insertTestProducts(db(), catalogue), times);
    // Statistics, as PostgreSQL's autovacuum gathers them on a shop's tables: a catalogue is not exported
    // seconds after 150,000 rows arrived at once (without them, the stock trigger's joins are planned blind).
    await db().execute(sql`analyze products, product_variants`);

    const exported = await timed("export", exportAll, times);
    const bytes = Buffer.byteLength(exported);
    expect(bytes).toBeLessThan(bodyLimitFor("/admin/products/csv"));
    const [header, ...rows] = parse(exported, { bom: true }) as string[][];
    expect(rows).toHaveLength(PRODUCTS * SIZES.length * COLORS.length);

    // Every stock one more; every tenth product's price a dollar more.
    const col = (name: string) => header!.indexOf(name);
    for (const [i, row] of rows.entries()) {
      row[col("stock")] = String(Number(row[col("stock")]) + 1);
      if (i % 150 === 0 && (i / 150) % 10 === 0) row[col("price")] = (Number(row[col("price")]) + 1).toFixed(2);
    }
    const edited = stringify([header!, ...rows]);

    const preview = await timed("preview", () => post("preview", edited), times);
    expect(preview.status).toBe(200);
    if (!preview.body.ok) throw new Error(JSON.stringify(preview.body));
    expect(preview.body.plan).toMatchObject({
      rows: rows.length,
      products: PRODUCTS,
      create: 0,
      update: PRODUCTS,
      variants: rows.length,
      problemCount: 0,
    });
    const imported = await timed(
      "import",
      () => post("import", edited, preview.body.ok ? preview.body.plan.token : ""),
      times,
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ ok: true, message: "Imported 10,000 products" });

    const again = parse(await exportAll(), { bom: true }) as string[][];
    expect(again).toEqual([header, ...rows]);
    const [totals] = await queryRows<{ variants: number; stock: number; inventory: number }>(
      db(),
      sql`select count(*)::int as variants, sum(stock)::int as stock,
            (select sum(inventory)::int from products where sku like 'BULK-%') as inventory
          from product_variants v join products p on p.id = v.product_id where p.sku like 'BULK-%'`,
    );
    expect(totals).toMatchObject({ variants: rows.length, inventory: totals!.stock });
    console.info(`CSV round trip (${databaseKind}): ${(bytes / 1024 / 1024).toFixed(1)} MB, times ms`, times);
  }, 900_000);
});
