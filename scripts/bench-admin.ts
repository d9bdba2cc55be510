/**
 * The product dashboard on a large catalogue, over HTTP against a running store (used by
 * scripts/bench.ts on its 10,000-product database):
 *  - /admin/products searches and filters, one request at a time (time per request, server render
 *    included), p50/p95/p99;
 *  - a bulk action on 1,000 products: by 1,000 ids in the body, and by a filter that 1,000 products
 *    match (the server resolves it in the UPDATE), each a few times, alternating the flag's state.
 * `productIds` are 1,000 ids of the database, read before the store started.
 */

export const ADMIN_LIST_PATHS = [
  "/admin/products",
  "/admin/products?q=hoodie",
  "/admin/products?q=merino%20sweater",
  "/admin/products?q=FX-00999",
  "/admin/products?q=machine%20wash",
  "/admin/products?q=zzqx",
  "/admin/products?status=inactive",
  "/admin/products?status=sale",
  "/admin/products?status=featured",
  "/admin/products?category=men",
  "/admin/products?category=women&status=active&q=linen",
  "/admin/products?page=250",
];

/** The filter 1,000 of the generated products match: SKUs FX-009000 … FX-009999. */
export const THOUSAND_BY_FILTER = { q: "FX-009", category: null, status: "all" } as const;

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

function percentiles(latencies: number[], errors: number): Percentiles {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? NaN, errors };
}

/**
 * Each path in turn, one request at a time, for `seconds` (after a short warm-up); `byPath` holds each
 * path's median, to see which one costs.
 */
export async function benchAdminList(
  base: string,
  cookie: string,
  seconds: number,
): Promise<Percentiles & { byPath: Array<[string, number]> }> {
  const latencies: number[] = [];
  const perPath = new Map<string, number[]>(ADMIN_LIST_PATHS.map((path) => [path, []]));
  let errors = 0;
  const run = async (until: number, keep: boolean) => {
    for (let i = 0; Date.now() < until; i++) {
      const path = ADMIN_LIST_PATHS[i % ADMIN_LIST_PATHS.length]!;
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok || !body.includes('data-testid="product-count"')) errors++;
      const took = performance.now() - started;
      if (keep) {
        latencies.push(took);
        perPath.get(path)!.push(took);
      }
    }
  };
  await run(Date.now() + 2_000, false);
  await run(Date.now() + seconds * 1000, true);
  const byPath = [...perPath].map(([path, times]): [string, number] => [path, percentiles(times, 0).p50]);
  return { ...percentiles(latencies, errors), byPath };
}

export interface BulkBench extends Percentiles {
  /** Products each action changed, as the server answered. */
  changed: number[];
}

/**
 * `rounds` bulk actions on the same 1,000 products, alternating Deactivate and Activate (so each
 * changes all 1,000), and ends with them active again.
 */
export async function benchBulk(
  base: string,
  cookie: string,
  target: { ids: string[] } | { filter: typeof THOUSAND_BY_FILTER },
  rounds = 6,
): Promise<BulkBench> {
  const latencies: number[] = [];
  const changed: number[] = [];
  let errors = 0;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/admin/products/flags`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ intent: "bulk", action: i % 2 === 0 ? "deactivate" : "activate", target }),
    });
    // Anything but the action's JSON (a sign-in page, an error page) counts as an error, not a crash.
    const answer = (res.headers.get("content-type")?.includes("json") ? await res.json() : { ok: false }) as {
      ok: boolean;
      changed?: number;
    };
    latencies.push(performance.now() - started);
    if (!res.ok || !answer.ok) errors++;
    changed.push(answer.changed ?? -1);
  }
  return { ...percentiles(latencies, errors), changed };
}

export interface CsvBench {
  /** Data rows (one per variant), and the products they are. */
  rows: number;
  products: number;
  exportMs: number;
  previewMs: number;
  importMs: number;
  written: number;
  errors: string[];
}

/**
 * The CSV round trip on the whole catalogue: export every product with its variants (one row per
 * variant), raise every product's price by a cent, then
 * the dry run (preview) and the write (import, one transaction) of all rows, timed apart.
 */
export async function benchCsvRoundTrip(base: string, cookie: string): Promise<CsvBench> {
  const { parse } = await import("csv-parse/sync");
  const { stringify } = await import("csv-stringify/sync");
  const errors: string[] = [];
  let started = performance.now();
  const exported = await fetch(`${base}/admin/products/csv`, { headers: { cookie } });
  const text = await exported.text();
  const exportMs = performance.now() - started;
  if (!exported.ok) errors.push(`export ${exported.status}`);
  const [header, ...records] = parse(text.replace(/^\ufeff/, ""), { relax_column_count: true }) as string[][];
  // One row per variant: the price is on each product's first row only (its other rows leave it blank).
  const price = header!.indexOf("price");
  let products = 0;
  for (const record of records) {
    if (record[price] === "") continue;
    record[price] = (Number(record[price]) + 0.01).toFixed(2);
    products++;
  }
  const body = stringify([header!, ...records]);
  const post = async (query: string) => {
    const res = await fetch(`${base}/admin/products/csv?${query}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "text/csv" },
      body,
    });
    const answer = (await res.json()) as { ok: boolean; message: string; plan?: { token?: string; update: number } };
    if (!res.ok || !answer.ok) errors.push(`${query}: ${res.status} ${answer.message}`);
    return answer;
  };
  started = performance.now();
  const preview = await post("intent=preview");
  const previewMs = performance.now() - started;
  started = performance.now();
  const imported = await post(`intent=import&token=${encodeURIComponent(preview.plan?.token ?? "")}`);
  const importMs = performance.now() - started;
  return { rows: records.length, products, exportMs, previewMs, importMs, written: imported.plan?.update ?? 0, errors };
}
