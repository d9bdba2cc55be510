import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = (await signUp(server, "limits@example.com")).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie, ...headers },
    body,
    redirect: "manual",
  });

/** A chunked POST (no Content-Length) of `total` bytes; answers the status and how much was sent. */
function chunkedPost(path: string, total: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    let sent = 0;
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, cookie, "transfer-encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      },
    );
    req.on("error", (error) => (sent > 0 ? resolve({ status: 0, sent }) : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent < total && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    req.write('{"intent":"clear","pad":"');
    pump();
  });
}

describe(`request limits on ${databaseKind}`, () => {
  it("answers 413 to a body over the limit before reading it, for the cart and the checkout", async () => {
    const big = JSON.stringify({ intent: "clear", pad: "x".repeat(2 * 1024 * 1024) });
    for (const path of ["/api/cart", "/api/checkout", "/login"]) {
      const res = await post(path, big);
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ error: "Request body too large" });
    }
  });

  it("stops reading a body sent without a length at the limit", async () => {
    const total = 8 * 1024 * 1024;
    const { status, sent } = await chunkedPost("/api/cart", total);
    // Either the 413 arrives, or the server cut the upload off long before the client got it all out.
    expect(status === 413 || (status === 0 && sent < total)).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers 400 to NUL bytes in a path, a query and a JSON body", async () => {
    for (const path of ["/product/a%00b", "/orders?q=a%00b", "/shop?sort=%00"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
      expect(res.status, path).toBe(400);
      expect(await res.text()).not.toMatch(/postgres|syntax|stack/i);
    }
    const json = await post(
      "/api/cart",
      JSON.stringify({ intent: "add", productId: "x", size: "M\u0000", quantity: 1 }),
    );
    expect(json.status).toBe(400);
    expect((await json.json()) as unknown).toMatchObject({ error: "Invalid characters in request" });
  });

  it("still serves ordinary requests", async () => {
    const res = await post("/api/cart", JSON.stringify({ intent: "clear" }));
    expect(res.status).toBe(200);
  });
});
