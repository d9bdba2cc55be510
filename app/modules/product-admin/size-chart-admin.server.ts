import { asc, eq, sql } from "drizzle-orm";
import { products, sizeCharts } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { isUuid } from "~/lib/ids";
import { log } from "~/lib/log.server";
import type { SizeChart } from "~/modules/fit/fit-types";
import type { ChartInput } from "~/modules/fit/size-chart-rules";
import type { SizeChartChoice } from "./editor-api";
import { recordAudit } from "~/modules/audit/audit.server";
import { fieldChanges, type FieldChanges } from "~/modules/audit/field-changes";
import { recordProductChanges, type Actor } from "./product-audit.server";

/**
 * The back office's size charts (issue 29): the list, a chart as its editor opens it, and its writes —
 * create, save (only over the version the form was opened from), delete. A chart in use is deleted only
 * when the owner was told how many products it will be removed from (the count the form showed; if
 * more products took it meanwhile, the delete is refused and says so): those products lose the chart
 * and their garment measurements (measured against it) in the same transaction, each with its audit
 * record and a new version. The input is checked by `size-chart-rules.ts` before it gets here.
 */

export const SIZE_CHART_MESSAGES = {
  notFound: "Size chart not found",
  created: "Size chart created",
  saved: "Size chart saved",
  unchanged: "Nothing to save: the chart is as it was",
  deleted: "Size chart deleted",
  nameTaken: "Another size chart already has this name",
  stale: "Someone else changed this size chart meanwhile; their version is shown now. Make your change again.",
  inUseChanged: (n: number) =>
    `This chart is now used by ${n} ${n === 1 ? "product" : "products"}: look again before you delete it`,
  removedFrom: (n: number) =>
    n === 0 ? "Size chart deleted" : `Size chart deleted and removed from ${n} ${n === 1 ? "product" : "products"}`,
} as const;

export interface SizeChartListRow {
  id: string;
  name: string;
  measurements: string[];
  sizes: string[];
  productCount: number;
  updatedAt: string;
}

export interface EditorSizeChart extends SizeChart {
  version: number;
  productCount: number;
  updatedAt: string;
}

// Spelled out: a single-table select leaves its own columns unqualified, which the subquery would read as its own.
const inUse = sql<number>`(select count(*)::int from products as p where p.size_chart_id = "size_charts"."id")`;

/** Every chart by name, with how many products use it. */
export async function listSizeCharts(db: Db): Promise<SizeChartListRow[]> {
  const rows = await db
    .select({
      id: sizeCharts.id,
      name: sizeCharts.name,
      measurements: sizeCharts.measurements,
      rows: sizeCharts.rows,
      productCount: inUse,
      updatedAt: sizeCharts.updatedAt,
    })
    .from(sizeCharts)
    .orderBy(asc(sql`lower(${sizeCharts.name})`));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    measurements: row.measurements,
    sizes: row.rows.map((r) => r.size),
    productCount: Number(row.productCount),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Every chart whole, by name (the product editor's choice, /size-guide). */
export async function sizeChartOptions(db: Db | Tx): Promise<SizeChartChoice[]> {
  return db
    .select({ id: sizeCharts.id, name: sizeCharts.name, measurements: sizeCharts.measurements, rows: sizeCharts.rows })
    .from(sizeCharts)
    .orderBy(asc(sql`lower(${sizeCharts.name})`));
}

/** A chart as its editor opens it, or null. */
export async function loadSizeChart(db: Db, id: string): Promise<EditorSizeChart | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: sizeCharts.id,
      name: sizeCharts.name,
      measurements: sizeCharts.measurements,
      rows: sizeCharts.rows,
      howToMeasure: sizeCharts.howToMeasure,
      version: sizeCharts.version,
      productCount: inUse,
      updatedAt: sizeCharts.updatedAt,
    })
    .from(sizeCharts)
    .where(eq(sizeCharts.id, id));
  return row ? { ...row, productCount: Number(row.productCount), updatedAt: row.updatedAt.toISOString() } : null;
}

const nameTaken = () =>
  new DomainError("conflict", SIZE_CHART_MESSAGES.nameTaken, {
    reason: "NAME_TAKEN",
    fieldErrors: { name: SIZE_CHART_MESSAGES.nameTaken },
  });

async function nameHolder(tx: Tx, name: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: sizeCharts.id })
    .from(sizeCharts)
    .where(sql`lower(${sizeCharts.name}) = lower(${name})`);
  return row?.id ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A chart's write as the audit trail records it (issue 32). */
function chartAudit(verb: string, id: string, name: string, changes: FieldChanges) {
  return { action: `size-chart.${verb}`, objectType: "size-chart" as const, objectId: id, objectName: name, changes };
}
const chartFields = (chart: { name: string; howToMeasure: unknown; measurements: unknown; rows: unknown }) => ({
  name: chart.name,
  howToMeasure: chart.howToMeasure,
  measurements: chart.measurements,
  rows: chart.rows,
});

/** A new chart; its name must be free whatever its case. */
export async function createSizeChart(db: Db, actor: Actor, input: ChartInput): Promise<{ id: string }> {
  try {
    const id = await db.transaction(async (tx) => {
      if (await nameHolder(tx, input.name)) throw nameTaken();
      const [row] = await tx.insert(sizeCharts).values(input).returning({ id: sizeCharts.id });
      await recordAudit(tx, actor, [chartAudit("create", row!.id, input.name, fieldChanges(null, chartFields(input)))]);
      return row!.id;
    });
    log.info({ sizeChartId: id, name: input.name, actor: actor.email }, "[size-charts] chart created");
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const sameChart = (a: Omit<ChartInput, "measurements"> & { measurements: readonly string[] }, b: ChartInput) =>
  a.name === b.name &&
  a.howToMeasure === b.howToMeasure &&
  JSON.stringify(a.measurements) === JSON.stringify(b.measurements) &&
  JSON.stringify(a.rows) === JSON.stringify(b.rows);

/**
 * Saves the editor's chart over the stored one if it is still the version the form was opened from
 * (else 409 'Someone else changed…'). A save that changes nothing writes nothing.
 */
export async function updateSizeChart(
  db: Db,
  actor: Actor,
  id: string,
  input: ChartInput,
  version: string,
): Promise<{ changed: boolean }> {
  try {
    const changed = await db.transaction(async (tx) => {
      const [current] = isUuid(id) ? await tx.select().from(sizeCharts).where(eq(sizeCharts.id, id)).for("update") : [];
      if (!current) throw new DomainError("not-found", SIZE_CHART_MESSAGES.notFound, { reason: "NOT_FOUND" });
      if (String(current.version) !== version.trim()) {
        throw new DomainError("conflict", SIZE_CHART_MESSAGES.stale, { reason: "STALE" });
      }
      if (sameChart(current, input)) return false;
      const holder = await nameHolder(tx, input.name);
      if (holder && holder !== id) throw nameTaken();
      await tx
        .update(sizeCharts)
        .set({ ...input, version: sql`${sizeCharts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(sizeCharts.id, id));
      await recordAudit(tx, actor, [
        chartAudit("update", id, input.name, fieldChanges(chartFields(current), chartFields(input))),
      ]);
      return true;
    });
    if (changed) log.info({ sizeChartId: id, name: input.name, actor: actor.email }, "[size-charts] chart saved");
    return { changed };
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Deletes a chart. `shownCount` is how many products the owner was told it would be removed from: if
 * that is no longer true, nothing is deleted (409). Its products lose the chart and their garment
 * measurements, each product's version moves and its change is recorded.
 */
export async function deleteSizeChart(
  db: Db,
  actor: Actor,
  id: string,
  shownCount: number,
): Promise<{ name: string; removedFrom: number }> {
  const result = await db.transaction(async (tx) => {
    const [current] = isUuid(id)
      ? await tx.select({ name: sizeCharts.name }).from(sizeCharts).where(eq(sizeCharts.id, id)).for("update")
      : [];
    if (!current) throw new DomainError("not-found", SIZE_CHART_MESSAGES.notFound, { reason: "NOT_FOUND" });
    const users = await tx
      .select({ id: products.id, garment: products.garmentMeasurements })
      .from(products)
      .where(eq(products.sizeChartId, id))
      .orderBy(asc(products.id))
      .for("update");
    if (users.length !== shownCount) {
      throw new DomainError("conflict", SIZE_CHART_MESSAGES.inUseChanged(users.length), { reason: "IN_USE_CHANGED" });
    }
    if (users.length > 0) {
      await tx
        .update(products)
        .set({
          sizeChartId: null,
          garmentMeasurements: {},
          updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 microsecond')`,
        })
        .where(eq(products.sizeChartId, id));
      await recordProductChanges(
        tx,
        actor,
        "update",
        users.map((p) => ({
          productId: p.id,
          changes: {
            sizeChart: [current.name, null],
            ...(Object.keys(p.garment).length > 0 ? { garmentMeasurements: [p.garment, {}] } : {}),
          },
        })),
      );
    }
    await tx.delete(sizeCharts).where(eq(sizeCharts.id, id));
    await recordAudit(tx, actor, [chartAudit("delete", id, current.name, { name: [current.name, null] })]);
    return { name: current.name, removedFrom: users.length };
  });
  log.info({ sizeChartId: id, ...result, actor: actor.email }, "[size-charts] chart deleted");
  return result;
}
