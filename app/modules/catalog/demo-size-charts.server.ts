import { inArray, sql } from "drizzle-orm";
import { products, sizeCharts } from "#db/schema/index";
import { demoProducts } from "#db/seed/demo-catalog";
import { demoChartFor, demoFits, demoSizeCharts } from "#db/seed/demo-size-charts";
import type { Db, Tx } from "~/lib/db/client.server";

/**
 * The demo catalogue's size charts and fit (issue 29): the charts that are not there yet (by name, any
 * case), each demo product just inserted pointed at its chart, and a few given a fit note, the model and
 * garment measurements. Products the owner already has are left as they are.
 */
export async function insertDemoSizeCharts(tx: Db | Tx, insertedSlugs: readonly string[]): Promise<void> {
  await tx.insert(sizeCharts).values(demoSizeCharts).onConflictDoNothing();
  if (insertedSlugs.length === 0) return;
  const charts = await tx
    .select({ id: sizeCharts.id, name: sizeCharts.name })
    .from(sizeCharts)
    .where(
      inArray(
        sql`lower(${sizeCharts.name})`,
        demoSizeCharts.map((c) => c.name.toLowerCase()),
      ),
    );
  const chartId = new Map(charts.map((c) => [c.name.toLowerCase(), c.id]));
  const inserted = new Set(insertedSlugs);
  const slugsByChart = new Map<string, string[]>();
  for (const p of demoProducts) {
    const name = inserted.has(p.slug) ? demoChartFor(p) : null;
    const id = name ? chartId.get(name.toLowerCase()) : undefined;
    if (id) slugsByChart.set(id, [...(slugsByChart.get(id) ?? []), p.slug]);
  }
  for (const [id, slugs] of slugsByChart) {
    await tx.update(products).set({ sizeChartId: id }).where(inArray(products.slug, slugs));
  }
  for (const [slug, fit] of Object.entries(demoFits)) {
    if (!inserted.has(slug)) continue;
    await tx
      .update(products)
      .set({
        fitNote: fit.fitNote,
        modelHeightCm: fit.modelHeightCm,
        modelSize: fit.modelSize,
        garmentMeasurements: fit.garmentMeasurements ?? {},
      })
      .where(inArray(products.slug, [slug]));
  }
}
