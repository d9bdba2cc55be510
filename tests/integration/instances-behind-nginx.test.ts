import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutForm } from "../support/fixtures";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { startNginx, nginxUnavailable, type LoadBalancer } from "../support/nginx";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { registerOverHttp, signIn } from "../support/sessions";
import { fillCart } from "../support/shop-load";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { freePort } from "../support/ports";
import { testPhoto, uploadPhotos } from "../support/photo-upload";
import { motoUnavailable, startS3Server, type S3TestServer } from "../support/s3-server";

/**
 * Two instances of the shop on one PostgreSQL database behind a real load balancer (nginx), as an
 * owner scales out (issue 15): instance A one process, instance B a cluster of two (WEB_CONCURRENCY=2),
 * started together on a fresh database (migrations, demo catalogue and admin account made once), with
 * their photos in one bucket (moto's S3 server; issue 27) and each its own DATA_DIR. Their
 * page and read caches live 10 minutes here, so only the NOTIFY between processes can explain a change
 * seen at once: an admin's edit through one instance is seen through the other, and through nginx, at
 * once; shoppers checking out through both never get more units than there are.
 */
const skip = databaseKind !== "postgres" ? "needs PostgreSQL (the TEST_POSTGRES_URL pass)" : nginxUnavailable();
const noBucket = motoUnavailable();

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const METRICS_TOKEN = "two-instances-metrics-0123456789";
const SHOPPERS = 12;
const STOCK = 5;

describe.skipIf(skip)("two instances behind nginx on one PostgreSQL", () => {
  let location: DatabaseLocation;
  let a: ServerProcess;
  let b: ServerProcess;
  let balancer: LoadBalancer;
  let client: pg.Client;
  let s3: S3TestServer | undefined;
  let bucket = "";

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
    if (!noBucket) {
      s3 = await startS3Server();
      bucket = await s3.createBucket();
    }
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const env = (webConcurrency: string) => ({
      DATABASE_URL: location.databaseUrl!,
      DATA_DIR: `${location.dataDir}/${webConcurrency}`,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: "two-instances-secret-0123456789abcdef",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SECURE_ADMIN_PASSWORD: "Two-Instances-2026",
      PAGE_CACHE_SECONDS: "600",
      RATE_LIMIT_IP_MULTIPLIER: "100",
      TRUST_PROXY: "1",
      WEB_CONCURRENCY: webConcurrency,
      METRICS_TOKEN,
      ...(s3 ? s3.env(bucket) : {}),
    });
    // Started together on an empty database: one of them migrates and loads the catalogue, the other waits.
    [a, b] = await Promise.all([startServerProcess(env("1")), startServerProcess(env("2"))]);
    balancer = await startNginx(port, [a.url, b.url]);
    client = new pg.Client({ connectionString: location.databaseUrl });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await client?.end();
    await balancer?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
    await location?.cleanup();
  });

  /** GETs a page `times` times and answers the statuses. */
  const statuses = async (base: string, path: string, times: number) => {
    const out: number[] = [];
    for (let i = 0; i < times; i++) out.push((await fetch(`${base}${path}`, { redirect: "manual" })).status);
    return out;
  };

  /** Polls until every one of `times` GETs answers `status`, for at most 2 s (the caches live 10 minutes). */
  const expectEverywhere = async (bases: string[], path: string, status: number) => {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const seen = (await Promise.all(bases.map((base) => statuses(base, path, 4)))).flat();
      if (seen.every((s) => s === status)) return;
      if (Date.now() > deadline) throw new Error(`${path}: expected ${status} everywhere, saw ${seen.join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("made the catalogue and the admin account once, though both started together", async () => {
    const { rows } = await client.query<{ products: number; admins: number }>(
      `select (select count(*)::int from products) as products,
              (select count(*)::int from "user" where email = $1) as admins`,
      [ADMIN.email],
    );
    expect(rows[0]!.admins).toBe(1);
    const { rows: slugs } = await client.query<{ dupes: number }>(
      `select count(*)::int as dupes from (select slug from products group by slug having count(*) > 1) d`,
    );
    expect(slugs[0]!.dupes).toBe(0);
    expect(rows[0]!.products).toBeGreaterThan(0);
    // B is a primary and two workers, each with two malloc arenas (decision 0017).
    const workers = execFileSync("pgrep", ["-P", String(b.child.pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    expect(workers).toHaveLength(2);
    for (const pid of workers)
      expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
  });

  it("shows an admin's edit made through one instance through the other at once", async () => {
    const { rows } = await client.query<{ id: string; slug: string }>(
      `select id, slug from products where is_active order by slug limit 1`,
    );
    const product = rows[0]!;
    const page = `/product/${product.slug}`;
    // Every process has the page cached (guest page cache, 10 minutes).
    await expectEverywhere([a.url, b.url, balancer.url], page, 200);
    expect((await fetch(`${a.url}${page}`)).headers.get("x-cache")).toBe("HIT");

    const cookie = await signIn(balancer.url, ADMIN.email, ADMIN.password);
    const toggle = (base: string, value: boolean) =>
      fetch(`${base}/admin/products/flags`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: balancer.url, cookie },
        body: JSON.stringify({ intent: "toggle", id: product.id, flag: "isActive", value }),
      });

    // Deactivated through A: B's two processes and nginx answer 404 at once.
    expect((await toggle(a.url, false)).status).toBe(200);
    await expectEverywhere([b.url, balancer.url, a.url], page, 404);

    // Activated again through B (one of its processes): A answers 200 at once.
    expect((await toggle(b.url, true)).status).toBe(200);
    await expectEverywhere([a.url, balancer.url, b.url], page, 200);
  });

  it("shows the owner's settings saved through one instance through the other at once", async () => {
    // Every process has the home page cached (guest page cache, 10 minutes).
    await expectEverywhere([a.url, b.url, balancer.url], "/", 200);
    const cookie = await signIn(balancer.url, ADMIN.email, ADMIN.password);
    const store = DEFAULT_SETTINGS.store;
    const saved = await fetch(`${a.url}/admin/settings`, {
      method: "POST",
      // A form post must come from the page's own origin (the CSRF check), here instance A's.
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url, cookie },
      body: new URLSearchParams({
        section: "store",
        version: "0",
        name: store.name,
        logoUrl: "",
        contactEmail: store.contactEmail,
        contactPhone: store.contactPhone,
        returnAddress: store.returnAddress,
        timeZone: store.timeZone,
        announcement: "Winter sale across both instances",
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Each of B's two processes, and nginx, has forgotten its page and its settings.
    for (const base of [b.url, b.url, balancer.url, a.url]) {
      expect(await (await fetch(`${base}/`)).text(), base).toContain("Winter sale across both instances");
    }
  });

  it.skipIf(noBucket)(
    "serves a photo uploaded through one instance from the other, out of the bucket they share",
    async () => {
      const cookie = await signIn(balancer.url, ADMIN.email, ADMIN.password);
      // Uploaded through A's own address: only A's process took it.
      const uploaded = await uploadPhotos(a.url, cookie, [{ name: "shared.jpg", bytes: await testPhoto(1000, 800) }]);
      expect(uploaded.status).toBe(200);
      const url = uploaded.images[0]!.url;
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}\/1000\.webp$/);
      const fromA = Buffer.from(await (await fetch(`${a.url}${url}`)).arrayBuffer());

      // B (each of its two processes) serves it, byte for byte, though it never saw the upload.
      for (let i = 0; i < 4; i++) {
        const fromB = await fetch(`${b.url}${url}`);
        expect(fromB.status).toBe(200);
        expect(fromB.headers.get("content-type")).toBe("image/webp");
        expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);
      }
      // Neither instance wrote it to its own disk.
      for (const dir of ["1", "2"]) expect(existsSync(`${location.dataDir}/${dir}/media`), dir).toBe(false);

      // Through nginx, both instances answer it (X-Upstream names the one that did).
      const upstreams = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${balancer.url}${url.replace("1000.webp", "400.webp")}`);
        expect(res.status).toBe(200);
        upstreams.add(res.headers.get("x-upstream") ?? "");
        await res.arrayBuffer();
      }
      expect([...upstreams].sort()).toEqual([new URL(a.url).host, new URL(b.url).host].sort());
    },
  );

  it("never sells more units than there are to shoppers checking out through both instances", async () => {
    const { rows } = await client.query<{ id: string }>(
      `update products set sizes = '{}', colors = '{}'
        where id = (select id from products where is_active order by slug desc limit 1) returning id`,
    );
    const productId = rows[0]!.id;
    // Its stock is its one variant's (the triggers add it up on the product).
    await client.query("delete from product_variants where product_id = $1", [productId]);
    await client.query(
      `insert into product_variants (product_id, sku, stock) select id, sku, ${STOCK} from products where id = $1`,
      [productId],
    );
    const cookies = await Promise.all(
      Array.from(
        { length: SHOPPERS },
        async (_, i) => (await registerOverHttp(balancer.url, `scale-${i}@example.com`)).cookie,
      ),
    );
    await Promise.all(cookies.map((cookie) => fillCart(balancer.url, cookie, [{ productId, quantity: 1 }])));

    const answers = await Promise.all(
      cookies.map(async (cookie, i) => {
        const res = await fetch(`${balancer.url}/api/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: balancer.url, cookie },
          body: JSON.stringify({
            intent: "place",
            idempotencyKey: `scale-${i}-${Date.now()}`,
            paymentMethod: "demo",
            form: checkoutForm,
          }),
        });
        const text = await res.text();
        return { status: res.status, upstream: res.headers.get("x-upstream") ?? "", text: text.slice(0, 200) };
      }),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    expect(placed).toHaveLength(STOCK);
    // The others are told the stock ran out ('Not enough stock for …'), nothing else.
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual(
      Array.from({ length: SHOPPERS - STOCK }, () => 409),
    );
    // Both instances took checkouts.
    expect(new Set(answers.map((answer) => answer.upstream)).size).toBe(2);

    const { rows: stock } = await client.query<{ inventory: number; held: number }>(
      `select p.inventory,
              (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
                where i.product_id = p.id and o.status <> 'cancelled') as held
         from products p where p.id = $1`,
      [productId],
    );
    expect(stock[0]).toEqual({ inventory: 0, held: STOCK });
  });
  it("answers /readyz through every instance, and each instance's /metrics counts the requests it took", async () => {
    for (const base of [a.url, b.url, balancer.url]) {
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, ready.headers.get("cache-control")]).toEqual([200, "no-store"]);
    }
    const scrape = async (base: string) => {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const line = text
        .split("\n")
        .find((l) => l.startsWith("abundance_http_request_duration_seconds_count{") && l.includes('route="/faq"'));
      return line ? Number(line.split(" ").pop()) : 0;
    };
    const before = await scrape(b.url);
    for (let i = 0; i < 6; i++) expect((await fetch(`${b.url}/faq`)).status).toBe(200);
    // B is a cluster of two: whichever process takes the scrape answers for both.
    expect((await scrape(b.url)) - before).toBe(6);
    expect((await fetch(`${balancer.url}/metrics`)).status).toBe(401);
  });

  it("restores a pg_dump of the live database into a new one with every order and the stock as they were", async () => {
    const dump = `${location.dataDir}/shop.dump`;
    const url = new URL(location.databaseUrl!);
    execFileSync("pg_dump", ["-Fc", "--no-owner", "-d", url.toString(), "-f", dump]);
    const restoredName = `${url.pathname.slice(1)}_restored`;
    await client.query(`create database "${restoredName}"`);
    const restoredUrl = new URL(url);
    restoredUrl.pathname = `/${restoredName}`;
    const restored = new pg.Client({ connectionString: restoredUrl.toString() });
    try {
      execFileSync("pg_restore", ["--no-owner", "-d", restoredUrl.toString(), dump]);
      await restored.connect();
      const facts = `select (select count(*)::int from orders) as orders,
                            (select count(*)::int from order_items) as items,
                            (select coalesce(sum(inventory), 0)::int from products) as stock,
                            (select count(*)::int from "user") as accounts`;
      const [live, copy] = await Promise.all([client.query(facts), restored.query(facts)]);
      expect(copy.rows[0]).toEqual(live.rows[0]);
      expect(live.rows[0].orders).toBeGreaterThan(0);
    } finally {
      await restored.end().catch(() => undefined);
      await client.query(`drop database if exists "${restoredName}" with (force)`);
    }
  });
});
