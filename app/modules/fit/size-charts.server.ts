import { asc, sql } from "drizzle-orm";
import { sizeCharts } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import type { SizeChart } from "./fit-types";

/** Every size chart by name, as /size-guide lists them (issue 29). A handful of rows. */
export async function allSizeCharts(db: Db): Promise<SizeChart[]> {
  return db
    .select({
      id: sizeCharts.id,
      name: sizeCharts.name,
      measurements: sizeCharts.measurements,
      rows: sizeCharts.rows,
      howToMeasure: sizeCharts.howToMeasure,
    })
    .from(sizeCharts)
    .orderBy(asc(sql`lower(${sizeCharts.name})`));
}
