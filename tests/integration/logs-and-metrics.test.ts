import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { setProductStock } from "../support/catalog-fixtures";
import { freePort } from "../support/ports";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { cookieHeader, registerOverHttp, signUp } from "../support/sessions";
import { fillCart, placeOrder, sleep } from "../support/shop-load";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Logs and metrics (issue 27). The log as an operator gets it from `node server.js`: JSON lines, an access
 * line per request with its id, route pattern, status, duration and user, no stack trace for a client's
 * mistake (fault 10: a POST to a page without an action, a missing or malformed static file), a 405 page
 * that does not name the route's internal id, and never a password or a session cookie. Then /metrics
 * (its token, its counters moving with the requests made and the orders placed) and /readyz.
 */
const TOKEN = "metrics-token-0123456789abcdef";
const PASSWORD = "Zebra-Lantern-4417";

interface LogLine {
  level: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  ms?: number;
  userId?: string;
  cache?: string;
  [field: string]: unknown;
}

/** What the start-up banner prints for a person (the admin's sign-in): the only lines that are not JSON. */
const BANNER = /^ {2}(Abundance Collection is running|Database:|Admin sign-in:|Secure-admin password:)/;

describe(`the server's log (node server.js, ${databaseKind})`, () => {
  let location: DatabaseLocation;
  let server: ServerProcess;

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
    server = await startServerProcess({ ...location.env, RATE_LIMIT_IP_MULTIPLIER: "100" });
  });
  afterAll(async () => {
    await server?.stop();
    await location?.cleanup();
  });

  /** The log so far: its lines, and the JSON ones parsed (written on the next turn of the server's loop). */
  const logged = async () => {
    await sleep(500);
    const output = server.output();
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    const entries = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogLine);
    return { output, lines, entries, access: entries.filter((entry) => entry.msg === "request") };
  };

  it("answers a POST to a page without an action with a plain 405 that names no route (fault 10)", async () => {
    for (const path of ["/shop", "/shop.data"]) {
      const refused = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { origin: server.url },
        body: "x=1",
      });
      expect(refused.status).toBe(405);
      const body = await refused.text();
      expect(body).not.toMatch(/did not provide|for route "/);
      expect(body).toContain("Method Not Allowed");
    }
  });

  it("logs the refusals of a client — 405s, missing or malformed static files — as one access line each, no stack (fault 10)", async () => {
    const { url } = server;
    const statics: Array<[string, number]> = [
      ["/assets/missing.js", 404],
      ["/assets/%E0%A4%A", 400],
      ["/images/..%2f..%2f..%2fetc%2fpasswd", 403],
    ];
    for (const [path, status] of statics) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(status);
      expect(await res.text()).not.toMatch(/\n\s+at \S|ENOENT|build/);
    }
    await fetch(`${url}/product/anything`, { method: "POST", headers: { origin: url }, body: "x=1" });

    const { lines, entries, access } = await logged();
    expect(lines.filter((line) => /^\s+at \S/.test(line))).toEqual([]);
    expect(lines.filter((line) => !BANNER.test(line) && !line.startsWith("{"))).toEqual([]);
    for (const [path, status] of statics) {
      expect(access.find((entry) => entry.path === path)).toMatchObject({ route: expect.any(String), status });
    }
    expect(access.find((entry) => entry.path === "/product/anything")).toMatchObject({
      method: "POST",
      route: "/product/:slug",
      status: 405,
    });
    expect(entries.filter((entry) => entry.level === "error")).toEqual([]);
  });

  it("has an access line per request with its id, route, status, duration and user, and never the password or cookie", async () => {
    const { url } = server;
    const email = `logged-${Date.now()}@example.com`;
    await registerOverHttp(url, email, PASSWORD);
    const login = await fetch(`${url}/login`, {
      method: "POST",
      headers: { origin: url },
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const cookie = cookieHeader(login);
    const profile = await fetch(`${url}/profile`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    const profileId = profile.headers.get("x-request-id");

    const { output, access } = await logged();
    const profileLine = access.find((entry) => entry.reqId === profileId);
    expect(profileLine).toMatchObject({ level: "info", method: "GET", route: "/profile", status: 200 });
    expect(profileLine!.userId).toMatch(/\S/);
    expect(typeof profileLine!.ms).toBe("number");
    expect(access.find((entry) => entry.route === "/login" && entry.method === "POST")).toMatchObject({ status: 302 });

    const sessionValue = cookie.split(";")[0]!.split("=").slice(1).join("=");
    expect(sessionValue.length).toBeGreaterThan(10);
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(sessionValue);
    expect(output).not.toContain(decodeURIComponent(sessionValue));
  });
});

/** The samples of a Prometheus text answer: name, labels, value. */
function samples(text: string): Array<{ name: string; labels: Record<string, string>; value: number }> {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels: labels as Record<string, string>, value: Number(match[3]) };
    });
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe(`/metrics and /readyz (${databaseKind})`, () => {
  let server: TestServer;
  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("cache-control")).toBe("no-store");
    return res.text();
  };

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN, PAGE_CACHE_SECONDS: "60" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 401 without the token or with another one", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("abundance_");
  });

  it("counts requests by route pattern, the page cache's hits, and the orders placed", async () => {
    const before = await scrape();
    const pageCount = (text: string) =>
      total(text, "abundance_http_request_duration_seconds_count", {
        route: "/product/:slug",
        method: "GET",
        status: "200",
      });
    const [product] = await queryRows<{ id: string; slug: string }>(
      server.services().database.db,
      sql`select id, slug from products where is_active order by slug limit 1`,
    );
    // The first is rendered, the second answered by the page cache: both are requests of the route.
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/product/${product!.slug}`)).status).toBe(200);

    await setProductStock(server.services().database.db, product!.id, 50, { sizes: [], colors: [] });
    const { cookie } = await signUp(server, `metrics-${Date.now()}@example.com`);
    await fillCart(server.url, cookie, [{ productId: product!.id, quantity: 1 }]);
    const placed = await placeOrder(server.url, cookie);
    expect(placed.status, placed.text).toBe(200);

    const after = await scrape();
    expect(pageCount(after) - pageCount(before)).toBe(2);
    expect(total(after, "abundance_page_cache_hits_total") - total(before, "abundance_page_cache_hits_total")).toBe(1);
    expect(total(after, "abundance_page_cache_misses_total")).toBeGreaterThan(
      total(before, "abundance_page_cache_misses_total"),
    );
    expect(total(after, "abundance_orders") - total(before, "abundance_orders")).toBe(1);
    expect(total(after, "abundance_orders", { status: "pending" })).toBeGreaterThanOrEqual(1);
    expect(total(after, "abundance_database_up")).toBe(1);
    // The render queue and Node's own figures are there too.
    expect(after).toMatch(/^abundance_render_queue_wait_seconds_count \d+/m);
    expect(after).toMatch(/^process_cpu_seconds_total /m);
    // The raw URL never becomes a label.
    expect(after).not.toContain(product!.slug);
  });

  it("/readyz is 200 while the database answers, and 503 once it does not", async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    // Last: the database goes away under the running server.
    await server.services().database.close();
    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable" });
  });
});

describe("METRICS_PORT without a token", () => {
  let server: TestServer;
  let opsPort: number;

  beforeAll(async () => {
    opsPort = await freePort();
    server = await startTestServer({ METRICS_PORT: String(opsPort), METRICS_HOST: "127.0.0.1" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves /metrics and /readyz on its own port, and /metrics is 404 on the shop's", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${opsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("abundance_http_request_duration_seconds");
    expect((await fetch(`http://127.0.0.1:${opsPort}/readyz`)).status).toBe(200);
  });

  it("says 503 on /readyz once the server is stopping", async () => {
    const stopping = server.running.stop();
    const answer = await fetch(`http://127.0.0.1:${opsPort}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    await stopping;
    // 503 while it drains, or closed already: never ready.
    expect([503, 0]).toContain(answer);
  });
});

describe.skipIf(databaseKind !== "postgres")("/metrics of a cluster (WEB_CONCURRENCY=2, PostgreSQL pass)", () => {
  let location: DatabaseLocation;
  let server: ServerProcess;

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
    server = await startServerProcess({ ...location.env, WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
    await location?.cleanup();
  });

  it("answers every worker's requests, summed, whichever worker takes the scrape", async () => {
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/faq`)).status).toBe(200);
    await sleep(200);
    // The connections go round the workers: several scrapes reach both.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(total(text, "abundance_http_request_duration_seconds_count", { route: "/faq", method: "GET" })).toBe(10);
      // Read from the database once, not once per worker.
      expect(total(text, "abundance_database_up")).toBe(1);
    }
  });
});
