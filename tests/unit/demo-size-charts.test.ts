import { describe, expect, it } from "vitest";
import { demoProducts } from "#db/seed/demo-catalog";
import { demoChartFor, demoFits, demoSizeCharts } from "#db/seed/demo-size-charts";
import { validateChart } from "~/modules/fit/size-chart-rules";
import { validateProductInput, newProductValues } from "~/modules/product-admin/product-form";

describe("the demo shop's size charts (issue 29)", () => {
  it.each(demoSizeCharts.map((c) => [c.name, c] as const))("%s passes the charts' rules", (_, chart) => {
    expect(validateChart(chart)).toMatchObject({ ok: true });
  });

  it("gives every demo product with clothing sizes a chart that has all its sizes", () => {
    const charted = demoProducts.filter((p) => demoChartFor(p) !== null);
    expect(charted.length).toBeGreaterThan(40);
    for (const p of charted) {
      const chart = demoSizeCharts.find((c) => c.name === demoChartFor(p))!;
      const sizes = chart.rows.map((r) => r.size);
      expect(
        p.sizes.filter((s) => !sizes.includes(s)),
        p.slug,
      ).toEqual([]);
    }
    expect(demoProducts.filter((p) => p.sizes.length === 0).every((p) => demoChartFor(p) === null)).toBe(true);
  });

  it("says a fit only of demo products that exist, in their sizes and their chart's columns", () => {
    for (const [slug, fit] of Object.entries(demoFits)) {
      const p = demoProducts.find((d) => d.slug === slug);
      expect(p, slug).toBeDefined();
      const chart = demoSizeCharts.find((c) => c.name === demoChartFor(p!))!;
      const parsed = validateProductInput({
        ...newProductValues(),
        name: p!.name,
        slug,
        price: "10",
        sizes: p!.sizes,
        fitNote: fit.fitNote,
        modelHeightCm: String(fit.modelHeightCm),
        modelSize: fit.modelSize,
        garmentMeasurements: fit.garmentMeasurements ?? {},
      });
      expect(parsed.ok, slug).toBe(true);
      for (const row of Object.values(fit.garmentMeasurements ?? {})) {
        for (const m of Object.keys(row)) expect(chart.measurements, slug).toContain(m);
      }
    }
  });
});
