import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { products, productVariants, sizeCharts } from "../../../db/schema/index";
import { demoProducts, type DemoProduct } from "../../../db/seed/demo-catalog";
import { openDatabase } from "../../../app/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "../../../app/modules/catalog/seed.server";
import type { SizeChartRow } from "../../../app/modules/fit/fit-types";
import { startServerProcess, type ServerProcess } from "../../support/server-process";

/**
 * A shop of its own for browser tests that need size charts on products (issue 29), until the demo
 * catalogue has charts of its own: its embedded database is made here — migrated, the demo catalogue
 * loaded, one chart attached to `count` men's products whose every size is given stock — before
 * `node server.js` starts on it (the embedded database belongs to one process at a time). The suite's
 * shared server (playwright.config.ts) is left as it is.
 */
export const E2E_CHART = {
  name: "Men's tops (e2e)",
  measurements: ["chest", "waist", "length"],
  /** Each value is the body measurement a size is made for, up to (cm). */
  rows: [
    { size: "S", values: [96, 81, 70] },
    { size: "M", values: [101, 86, 72] },
    { size: "L", values: [106, 91, 74] },
    { size: "XL", values: [111, 96, 76] },
    { size: "XXL", values: [116, 101, 78] },
    { size: "XXXL", values: [121, 106, 80] },
  ] satisfies SizeChartRow[],
};

export const e2eChartShopAdmin = { email: "admin@example.com", password: "E2eAdminPass1" };

export interface ShopWithChart {
  url: string;
  /** The products with the chart, in stock in every size. */
  charted: DemoProduct[];
  /** A product with sizes and no chart. */
  uncharted: DemoProduct;
  server: ServerProcess;
  stop(): Promise<void>;
}

export async function startShopWithSizeChart(count = 2): Promise<ShopWithChart> {
  const men = demoProducts.filter(
    (p) => p.isActive && p.group === null && p.categorySlug === "men" && p.sizes.includes("M") && p.sizes.includes("L"),
  );
  const charted = men.slice(0, count);
  const uncharted = men[count]!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-e2e-chart-"));
  const database = await openDatabase({ dataDir });
  try {
    await seedDemoCatalogIfEmpty(database.db);
    const [chart] = await database.db
      .insert(sizeCharts)
      .values({ name: E2E_CHART.name, measurements: E2E_CHART.measurements, rows: E2E_CHART.rows })
      .returning({ id: sizeCharts.id });
    const slugs = charted.map((p) => p.slug);
    const ids = (
      await database.db
        .update(products)
        .set({ sizeChartId: chart!.id })
        .where(inArray(products.slug, slugs))
        .returning({ id: products.id })
    ).map((r) => r.id);
    // The demo catalogue gives its clothing charts of its own: the product without one is made so here.
    await database.db.update(products).set({ sizeChartId: null }).where(eq(products.slug, uncharted.slug));
    await database.db.update(productVariants).set({ stock: 10 }).where(inArray(productVariants.productId, ids));
    // No buyers' fit answers on them (the demo catalogue's reviews would move the suggestion a size): the
    // tests' sizes come from the chart alone. Its private database, so its own SQL.
    await database.db.execute(sql`delete from reviews where product_id in ${ids}`);
    await database.db.execute(sql`delete from review_stats where product_id in ${ids}`);
    await database.db.execute(sql`update products set rating = 0, review_count = 0 where id in ${ids}`);
    await database.db.execute(
      sql`update products p set inventory = (select coalesce(sum(stock), 0) from product_variants v where v.product_id = p.id) where p.id in ${ids}`,
    );
  } finally {
    await database.close();
  }
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: e2eChartShopAdmin.email,
    ADMIN_PASSWORD: e2eChartShopAdmin.password,
    SECURE_ADMIN_PASSWORD: "E2eSharedAdmin7",
    LOG_LEVEL: "warn",
    RATE_LIMIT_IP_MULTIPLIER: "100",
    NOTIFICATIONS: "false",
  });
  return {
    url: server.url,
    charted,
    uncharted,
    server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
