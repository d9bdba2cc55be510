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
    const cache = new PageCache(0.001);
    cache.store("/", page, cache.generation);
    const until = Date.now() + 5;
    while (Date.now() < until) {
      // wait past the 1 ms TTL
    }
    expect(cache.tryServe(request("/"), response().res)).toBe(false);
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

  it("is off with a TTL of 0", () => {
    const cache = new PageCache(0);
    expect(cache.keyFor(request("/"))).toBeUndefined();
  });
});
