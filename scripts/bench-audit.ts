/**
 * The audit log page on 1,000,000 entries (issue 32; used by scripts/bench.ts, `--only=audit`):
 *  - `seedAudit` writes the entries straight into a database in one INSERT … SELECT generate_series: two
 *    years ending now, ten staff members and the shared password (1 entry in 20, 97 sessions), products (40 %,
 *    10,000 of them named after 40 styles), orders (30 %, 100,000), discounts, returns, settings, groups,
 *    reviews, each with a changed field;
 *  - `benchAudit` runs the page's reads (`listAudit` and the person filter's list, as the loader does) for
 *    typical searches in turn, one at a time, on the embedded database and, where a PostgreSQL server
 *    answers (TEST_POSTGRES_URL's server, else 127.0.0.1:5432), on a fresh PostgreSQL database: p50/p95 and
 *    each search's p95.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { parseAuditQuery, SHARED_PASSWORD_ACTOR } from "~/modules/audit/audit-query";
import { auditPeople, listAudit } from "~/modules/audit/audit.server";
import { withFreshPostgres } from "./bench-support";

export const AUDIT_ENTRY_COUNT = 1_000_000;
export const AUDIT_P95_BUDGET_MS = 100;
const TIME_ZONE = "America/New_York";

const STYLES = [
  "Wrap Midi Dress",
  "Linen Shirt",
  "Slim Jeans",
  "Wool Coat",
  "Silk Blouse",
  "Cargo Pants",
  "Knit Sweater",
  "Denim Jacket",
  "Pleated Skirt",
  "Crew Tee",
  "Hoodie",
  "Trench Coat",
  "Chino Shorts",
  "Maxi Dress",
  "Polo Shirt",
  "Bomber Jacket",
  "Cardigan",
  "Jumpsuit",
  "Blazer",
  "Tank Top",
  "Leggings",
  "Parka",
  "Oxford Shirt",
  "Wide Trousers",
  "Camisole",
  "Peacoat",
  "Henley",
  "Culottes",
  "Shirt Dress",
  "Overshirt",
  "Puffer Vest",
  "Rain Jacket",
  "Sundress",
  "Turtleneck",
  "Joggers",
  "Mini Skirt",
  "Tunic",
  "Kimono",
  "Bodysuit",
  "Shacket",
];

export async function seedAudit(db: Db, count = AUDIT_ENTRY_COUNT): Promise<void> {
  await db.execute(sql`
    insert into "user" (id, name, email, role, staff_role)
    select 'bench-staff-' || s, 'Staff Member ' || s, 'staff' || s || '@example.com', 'admin',
           (array['owner', 'manager', 'fulfilment', 'catalogue'])[1 + s % 4]
      from generate_series(0, 9) as s
    on conflict do nothing`);
  const styles = sql.raw(`array[${STYLES.map((s) => `'${s}'`).join(", ")}]`);
  await db.execute(sql`
    with seed as (
      select g, abs(hashint4(g)) % 100 as k, abs(hashint4(g * 31 + 7)) as h, g % 20 = 0 as shared,
             now() - make_interval(secs => (${count} - g) * (730 * 86400.0 / ${count})) as at
        from generate_series(1, ${count}) as g
    ), typed as (
      select *, case when k < 40 then 'product' when k < 70 then 'order' when k < 78 then 'discount'
                     when k < 85 then 'return' when k < 88 then 'settings' when k < 94 then 'group' else 'review' end as t
        from seed
    )
    insert into audit_log (created_at, actor_kind, actor_id, actor_email, actor_name, actor_session, action,
      object_type, object_id, object_name, changes)
    select at,
           case when shared then 'shared-password' else 'member' end,
           'bench-staff-' || (h % 10), 'staff' || (h % 10) || '@example.com',
           case when shared then 'Shared password' else 'Staff Member ' || (h % 10) end,
           case when shared then 'bench-session-' || (h % 97) end,
           t || '.' || (array['update', 'create', 'status', 'update'])[1 + h % 4],
           t,
           case t when 'product' then 'bench-p-' || (h % 10000)
                  when 'order' then 'ORD-8' || lpad((h % 100000)::text, 7, '0')
                  when 'return' then 'RMA-' || (h % 20000)
                  when 'settings' then (array['store', 'pages', 'shipping', 'notifications'])[1 + h % 4]
                  else t || '-' || (h % 500) end,
           case t when 'product' then (${styles})[1 + (h % 10000) % 40] || ' ' || (h % 10000)
                  when 'order' then 'ORD-8' || lpad((h % 100000)::text, 7, '0')
                  when 'return' then 'RMA-' || (h % 20000)
                  when 'settings' then 'Settings'
                  else initcap(t) || ' ' || (h % 500) end,
           jsonb_build_object('priceCents', jsonb_build_array(1000 + h % 5000, 1000 + (h / 7) % 5000))
      from typed`);
  await db.execute(sql`analyze audit_log`);
  await db.execute(sql`analyze "user"`);
}

/** The searches an owner makes, as URL queries of /admin/audit. */
async function searches(db: Db): Promise<Array<[string, string]>> {
  const [old] = await queryRows<{ at: string; id: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text
          from audit_log where created_at < now() - interval '1 year' order by created_at desc, id desc limit 1`,
  );
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    ["the newest", ""],
    ["a year back (keyset)", `before=${old!.at}_${old!.id}`],
    ["a person", "actor=bench-staff-3"],
    ["the shared password", `actor=${SHARED_PASSWORD_ACTOR}`],
    ["orders", "type=order"],
    ["settings", "type=settings"],
    ["an order by number", "object=ORD-80012345"],
    ["a product by id", "type=product&object=bench-p-4242"],
    ["a name prefix", "object=wrap%20midi"],
    ["products named", "type=product&object=linen%20shirt%2042"],
    ["a day a month ago", `from=${day(30)}&to=${day(30)}`],
    ["a person over a week", `actor=bench-staff-5&from=${day(200)}&to=${day(193)}`],
    ["a kind over a month", `type=discount&from=${day(400)}&to=${day(370)}`],
    ["a name in a month", `object=wool%20coat&from=${day(120)}&to=${day(90)}`],
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface AuditBench {
  database: string;
  seedSeconds: number;
  p50: number;
  p95: number;
  n: number;
  bySearch: Array<{ label: string; p95: number; rows: number }>;
}

async function measure(db: Db, database: string, seconds: number): Promise<AuditBench> {
  const seedStarted = Date.now();
  await seedAudit(db);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const list = await searches(db);
  const read = (query: string) =>
    Promise.all([listAudit(db, parseAuditQuery(new URLSearchParams(query)), { timeZone: TIME_ZONE }), auditPeople(db)]);
  const times = new Map<string, number[]>(list.map(([label]) => [label, []]));
  const rows = new Map<string, number>();
  const run = async (until: number, keep: boolean) => {
    for (let i = 0; Date.now() < until; i++) {
      const [label, query] = list[i % list.length]!;
      const started = performance.now();
      const [page] = await read(query);
      if (keep) {
        times.get(label)!.push(performance.now() - started);
        rows.set(label, page.rows.length);
      }
    }
  };
  await run(Date.now() + 2_000, false);
  await run(Date.now() + seconds * 1000, true);
  const all = [...times.values()].flat().sort((a, b) => a - b);
  return {
    database,
    seedSeconds,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    n: all.length,
    bySearch: list.map(([label]) => ({
      label,
      p95: percentile(
        times.get(label)!.sort((a, b) => a - b),
        95,
      ),
      rows: rows.get(label) ?? 0,
    })),
  };
}

export async function benchAudit({ seconds }: { seconds: number }): Promise<AuditBench[]> {
  const results: AuditBench[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-audit-"));
  try {
    const embedded = await openDatabase({ dataDir: dir });
    try {
      results.push(await measure(embedded.db, "embedded", seconds));
    } finally {
      await embedded.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const base = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  const adminUrl = base ? Object.assign(new URL(base), { pathname: "/postgres" }).toString() : undefined;
  const onPostgres = await withFreshPostgres(
    "audit",
    async (databaseUrl) => {
      const database = await openDatabase({ dataDir: dir, databaseUrl });
      try {
        return await measure(database.db, "PostgreSQL", seconds);
      } finally {
        await database.close();
      }
    },
    adminUrl,
  );
  if (onPostgres) results.push(onPostgres);
  return results;
}
