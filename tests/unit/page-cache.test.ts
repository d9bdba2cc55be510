import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { PageCache } from "../../server/page-cache";

function request(url: string, headers: Record<string, string> = {}, method = "GET") {
  return { url, method, headers } as unknown as IncomingMessage;
}

function response() {
  const headers = new Map<string, unknown>();
  let body: unknown;
  const res = {
    statusCode: 0,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    end: (b?: unknown) => {
      body = b;
    },
  };
  return { res: res as unknown as ServerResponse, headers, body: () => body };
}

const page = {
  status: 200,
  headers: [["content-type", "text/html"]] as Array<[string, string]>,
  body: Buffer.from("<html>shop</html>"),
};

describe("PageCache", () => {
  it("caches catalogue pages for guests, keyed by URL with its query", () => {
    const cache = new PageCache(5);
    expect(cache.keyFor(request("/"))).toBe("/");
    expect(cache.keyFor(request("/shop/men?page=2"))).toBe("/shop/men?page=2");
    expect(cache.keyFor(request("/product/essential-hoodie"))).toBe("/product/essential-hoodie");
    expect(cache.keyFor(request("/shop/men.data?_routes=root"))).toBe("/shop/men.data?_routes=root");
    expect(cache.keyFor(request("/faq"))).toBe("/faq");
  });

  it("never caches personal pages, unsafe methods or a signed-in visitor's loader data", () => {
    const cache = new PageCache(5);
    expect(cache.keyFor(request("/checkout"))).toBeUndefined();
    expect(cache.keyFor(request("/orders"))).toBeUndefined();
    expect(cache.keyFor(request("/admin/products"))).toBeUndefined();
    expect(cache.keyFor(request("/", {}, "POST"))).toBeUndefined();
    const session = { cookie: "theme=dark; __Secure-abundance.session_token=abc" };
    expect(cache.keyFor(request("/shop.data", session))).toBeUndefined();
    expect(cache.keyFor(request("/_root.data", { cookie: "abundance.session_token=abc" }))).toBeUndefined();
    // A cookie that is not ours (the viewer hint included) does not make loader data personal.
    expect(cache.keyFor(request("/shop.data", { cookie: "theme=dark; abundance_viewer=customer:Ana" }))).toBe(
      "/shop.data",
    );
  });

  it("serves a signed-in visitor the shared catalogue document, rendered without their cookies", () => {
    const cache = new PageCache(5);
    const cookie = "theme=dark; abundance.session_token=abc; abundance-placed=x; abundance_viewer=customer:Ana";
    const req = request("/shop", { cookie });
    expect(cache.keyFor(req)).toBe("/shop");
    PageCache.sharedRequest(req);
    expect(req.headers.cookie).toBe("theme=dark; abundance_viewer=customer:Ana");
    // Without the viewer hint (no JavaScript, or not told yet) the browser cannot paint its own header.
    expect(cache.keyFor(request("/shop", { cookie: "abundance.session_token=abc" }))).toBeUndefined();
    expect(
      cache.keyFor(request("/shop", { cookie: "abundance.session_token=abc; abundance_viewer=" })),
    ).toBeUndefined();
    const only = request("/", { cookie: "__Secure-abundance.session_token=abc" });
    PageCache.sharedRequest(only);
    expect(only.headers.cookie).toBeUndefined();
  });

  it("serves a stored page with its headers and marks it as a hit", () => {
    const cache = new PageCache(5);
    cache.store("/", page, cache.generation);
    const out = response();
    expect(cache.tryServe(request("/"), out.res)).toBe(true);
    expect(out.res.statusCode).toBe(200);
    expect(out.headers.get("content-type")).toBe("text/html");
    expect(out.headers.get("x-cache")).toBe("HIT");
    expect(String(out.body())).toBe("<html>shop</html>");
  });

  it("expires entries after the TTL", () => {
    let now = 1_000_000;
    const cache = new PageCache(5, {}, () => now);
    cache.store("/", page, cache.generation);
    now += 4_999;
    expect(cache.tryServe(request("/"), response().res)).toBe(true);
    now += 1;
    expect(cache.tryServe(request("/"), response().res)).toBe(false);
  });

  it("lets go of expired pages when the next page is stored, not only when they are asked for", () => {
    let now = 1_000_000;
    const cache = new PageCache(5, {}, () => now);
    cache.store("/shop/a", page, cache.generation);
    cache.store("/shop/b", page, cache.generation);
    expect(cache.size).toBe(2);
    const bytesOfOne = cache.bytes / 2;
    now += 5_000;
    cache.store("/shop/c", page, cache.generation);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(bytesOfOne);
  });

  it("drops everything on clear, and refuses a page rendered before the clear", () => {
    const cache = new PageCache(5);
    const renderedIn = cache.generation;
    cache.store("/", page, renderedIn);
    cache.clear();
    expect(cache.tryServe(request("/"), response().res)).toBe(false);
    cache.store("/shop", page, renderedIn);
    expect(cache.size).toBe(0);
  });

  it("never holds more bytes than its bound: the oldest pages go first", () => {
    const cache = new PageCache(5, { maxBytes: 4_000 });
    // Under 1 KB: no compressed copies; each entry counts ~1.5 KB with its key, headers and overhead.
    const small = { ...page, body: Buffer.alloc(900, "x") };
    for (const key of ["/shop/a", "/shop/b", "/shop/c", "/shop/d"]) cache.store(key, small, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(4_000);
    expect(cache.tryServe(request("/shop/b"), response().res)).toBe(false);
    expect(cache.tryServe(request("/shop/d"), response().res)).toBe(true);
    // A page stored again is the newest: /shop/c goes before it.
    cache.store("/shop/d", small, cache.generation);
    cache.store("/shop/e", small, cache.generation);
    expect(cache.tryServe(request("/shop/c"), response().res)).toBe(false);
    expect(cache.tryServe(request("/shop/d"), response().res)).toBe(true);
    // A page larger than the whole bound is not stored.
    cache.store("/shop/huge", { ...page, body: Buffer.alloc(5_000, "x") }, cache.generation);
    expect(cache.tryServe(request("/shop/huge"), response().res)).toBe(false);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("counts the compressed copies when they arrive, and makes room for them", async () => {
    const html = Buffer.from(
      `<html>${Array.from({ length: 400 }, (_, i) => `<p>product ${i} ${(i * 7919) % 1000}</p>`).join("")}</html>`,
    );
    const big = { ...page, body: html };
    const unbounded = new PageCache(5);
    unbounded.store("/shop/a", big, unbounded.generation);
    const plain = unbounded.bytes;
    const compressed = async (cache: PageCache, url: string) => {
      for (let i = 0; i < 200; i++) {
        const out = response();
        cache.tryServe(request(url, { "accept-encoding": "br" }), out.res);
        if (out.headers.get("content-encoding") === "br") return true;
        await new Promise((r) => setTimeout(r, 5));
      }
      return false;
    };
    expect(await compressed(unbounded, "/shop/a")).toBe(true);
    expect(unbounded.bytes).toBeGreaterThan(plain + 200);

    // Room for two plain pages, not for two pages with their compressed copies.
    const cache = new PageCache(5, { maxBytes: plain * 2 + 100 });
    cache.store("/shop/a", big, cache.generation);
    expect(await compressed(cache, "/shop/a")).toBe(true);
    cache.store("/shop/b", big, cache.generation);
    expect(await compressed(cache, "/shop/b")).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(plain * 2 + 100);
    expect(cache.tryServe(request("/shop/a"), response().res)).toBe(false);
  });

  it("is off with a TTL of 0", () => {
    const cache = new PageCache(0);
    expect(cache.keyFor(request("/"))).toBeUndefined();
  });
});
