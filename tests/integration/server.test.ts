import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, user } from "#db/schema/index";
import { databaseKind } from "../support/test-database";
import { signIn } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "OwnerPass123" });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

describe(`the store's HTTP server on ${databaseKind}`, () => {
  it("answers /healthz with 200 {status: ok}", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("renders the home page with every part of spec §1", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("Free Shipping");
    expect(html).toContain("orders over $50");
    expect(html).toContain("30-Day Returns");
    expect(html).toContain("Secure Payment");
    expect(html).toContain("Featured Products");
    expect(html).toContain("10K+");
    expect(html).toContain("500+");
    expect(html).toContain("4.9");
    expect(html).toContain("Subscribe");
    const featured = await server
      .services()
      .database.db.select({ slug: products.slug })
      .from(products)
      .where(eq(products.featured, true));
    // Each card's title links to the product it shows (its swatches link to the style's other colours).
    const shown = [...html.matchAll(/<a\b[^>]*class="pc-link"[^>]*>/g)].map(
      (m) => /href="\/product\/([a-z0-9-]+)"/.exec(m[0])?.[1],
    );
    expect(shown.length).toBe(4);
    for (const slug of shown) expect(featured.map((f) => f.slug)).toContain(slug);
  });

  it("redirects any unknown path to /", async () => {
    for (const path of ["/no-such-page", "/shop-nothing/x/y", "/admin-ish"]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("serves every footer page", async () => {
    for (const path of ["/contact-us", "/shipping-info", "/returns", "/size-guide", "/faq", "/privacy", "/terms"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("<h1");
    }
  });

  it("renders a page in one piece, its route data for hydration within it", async () => {
    server.running.pageCache.clear();
    const [product] = await server
      .services()
      .database.db.select({ name: products.name, slug: products.slug })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const res = await get(`/product/${product!.slug}`, { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(body.length));
    const html = body.toString("utf8");
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    // No boundary left for the browser to render, nor one streamed in afterwards.
    expect(html).not.toContain("<!--$!");
    expect(html).not.toContain("<!--$?");
    expect(html).not.toContain("<template");
    // The loaders' data, whole, then the end of the stream; a page the browser can hydrate.
    const enqueued = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)].map(
      (m) => JSON.parse(m[1]!) as string,
    );
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]).toContain('"loaderData"');
    expect(enqueued[0]).toContain(JSON.stringify(product!.name));
    expect(html.indexOf("streamController.close()")).toBeGreaterThan(html.indexOf("streamController.enqueue("));
  });

  it("sends security headers, with a CSP nonce on React Router's inline scripts", async () => {
    server.running.pageCache.clear();
    const res = await get("/shipping-info");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("sends the cheap security headers on everything else too: health check, static files, a 404, cached pages", async () => {
    server.running.pageCache.clear();
    const home = await (await get("/")).text();
    const script = /"(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    const image = /"(\/images\/[^"]+\.svg)"/.exec(home)?.[1];
    expect([script, stylesheet, image]).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    const answers: Array<[path: string, status: number]> = [
      ["/healthz", 200],
      [script!, 200],
      [stylesheet!, 200],
      [image!, 200],
      ["/favicon.svg", 200],
      ["/assets/no-such-file.js", 404],
      ["/robots.txt", 200],
    ];
    for (const [path, status] of answers) {
      const res = await get(path);
      await res.arrayBuffer();
      expect(res.status, path).toBe(status);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(res.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      // PUBLIC_URL is http here: no HSTS (tests/unit/security-headers.test.ts has the https case).
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }

    // A guest page from the full-page cache (answered before Express) has them from when it was stored.
    await (await get("/size-guide")).arrayBuffer();
    const hit = await get("/size-guide");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
    expect(hit.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(hit.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(hit.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("refuses a cross-site form post", async () => {
    const res = await get("/", { method: "POST", headers: { origin: "https://evil.example" }, body: "x=1" });
    expect(res.status).toBe(403);
  });

  it("serves anonymous catalogue pages from the full-page cache", async () => {
    server.running.pageCache.clear();
    const first = await get("/faq");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toMatch(/public, max-age=0, s-maxage=\d+/);
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    const body = await first.text();
    const second = await get("/faq");
    expect(second.headers.get("x-cache")).toBe("HIT");
    // The same page, its inline scripts allowed by hash instead of the first visitor's nonce.
    expect(await second.text()).toBe(body.split(` nonce="${nonce}"`).join(""));
  });

  it("never hands one nonce to many visitors: cached pages allow their inline scripts by hash", async () => {
    server.running.pageCache.clear();
    const miss = await get("/returns");
    const missNonce = /'nonce-([^']+)'/.exec(miss.headers.get("content-security-policy") ?? "")?.[1];
    expect(missNonce).toBeTruthy();
    await miss.text();
    for (let visitor = 0; visitor < 2; visitor++) {
      const hit = await get("/returns");
      expect(hit.headers.get("x-cache")).toBe("HIT");
      const csp = hit.headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain("'nonce-");
      const html = await hit.text();
      expect(html).not.toContain(missNonce!);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, content] of inline) {
        expect(csp).toContain(`'sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}'`);
      }
    }
  });

  it("serves signed-in visitors the shared catalogue page, with nothing of theirs in it", async () => {
    server.running.pageCache.clear();
    const session = await signIn(server.url, "owner@example.com", "OwnerPass123");
    expect(session).toContain("abundance.session_token=");

    // A browser without the viewer hint (no JavaScript, or not told yet who is signed in) cannot paint
    // its own header: it gets its own page, never cached.
    const own = await get("/", { headers: { cookie: session } });
    expect(own.headers.get("x-cache")).toBeNull();
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await own.text()).toContain('aria-label="Account menu"');
    expect(server.running.pageCache.size).toBe(0);

    // With the hint, the first signed-in request renders the page for a guest and stores it; the next
    // visitor, signed in or not, gets the same bytes from the cache.
    const cookie = `${session}; abundance_viewer=admin:Owner`;
    const first = await get("/", { headers: { cookie } });
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toMatch(/^public/);
    expect(first.headers.get("set-cookie")).toBeNull();
    const html = await first.text();
    expect(html).not.toContain("owner@example.com");
    const guest = await get("/");
    expect(guest.headers.get("x-cache")).toBe("HIT");
    const shared = await guest.text();
    const again = await get("/", { headers: { cookie } });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe(shared);
    // The header's signed-in part is there for the viewer hint to show (hidden by CSS without it), and
    // the head script that reads the hint is allowed by its hash.
    expect(shared).toContain('class="viewer-member"');
    expect(shared).toContain("abundance_viewer");

    // Who it is comes from /api/viewer, never cached.
    const viewer = await get("/api/viewer", { headers: { cookie } });
    expect(viewer.headers.get("cache-control")).toMatch(/^private, no-store/);
    expect(await viewer.json()).toEqual({
      user: {
        id: expect.any(String),
        email: "owner@example.com",
        name: expect.any(String),
        role: "admin",
        staffRole: "owner",
      },
    });
    expect(await (await get("/api/viewer")).json()).toEqual({ user: null });

    // Their loader data (client-side navigation) and their personal pages are theirs, never cached.
    const data = await get("/shop.data", { headers: { cookie } });
    expect(data.headers.get("x-cache")).toBeNull();
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    expect(await data.text()).toContain("owner@example.com");
    const profile = await get("/profile", { headers: { cookie } });
    expect(profile.headers.get("cache-control")).toBe("private, no-store");
    const profileHtml = await profile.text();
    expect(profileHtml).toContain('aria-label="Account menu"');
    expect(profileHtml).not.toContain('class="viewer-member"');
  });

  it("treats a session cookie with a forged signature as a guest", async () => {
    const cookies = await signIn(server.url, "owner@example.com", "OwnerPass123");
    const cookie = cookies.split("; ").find((c) => c.includes("session_token"))!;
    const [name, value] = cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString("base64")}`)}`;
    const viewer = async (c: string) =>
      ((await (await get("/api/viewer", { headers: { cookie: c } })).json()) as { user: unknown }).user;
    expect(await viewer(forged)).toBeNull();
    expect(await viewer(`${name}=${token}`)).toBeNull();
    expect(await viewer(cookie)).toMatchObject({ email: "owner@example.com" });
  });

  it("drops cached pages when the catalogue changes", async () => {
    await get("/");
    expect((await get("/")).headers.get("x-cache")).toBe("HIT");
    await server.services().catalog.invalidateCatalog("test");
    expect((await get("/")).headers.get("x-cache")).toBe("MISS");
  });

  it("creates the admin account of ADMIN_EMAIL with the admin role from the database", async () => {
    const [admin] = await server.services().database.db.select().from(user).where(eq(user.email, "owner@example.com"));
    expect(admin?.role).toBe("admin");
  });

  it("answers /healthz with 503 while the database does not answer", async () => {
    await server.services().database.close();
    const res = await get("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
  });
});
