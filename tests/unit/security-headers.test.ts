import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { baseSecurityHeaders } from "../../server/security";

/**
 * The headers every answer carries (server/security.ts; tests/integration/server.test.ts checks them on
 * the real server's health check, static files and cached pages). Here: HSTS only when the shop is https.
 */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function headersFor(https: boolean): Promise<Headers> {
  const app = express();
  app.use(baseSecurityHeaders({ https }));
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
  await res.arrayBuffer();
  return res.headers;
}

describe("baseSecurityHeaders", () => {
  it("adds Strict-Transport-Security when PUBLIC_URL is https, with the other headers", async () => {
    const headers = await headersFor(true);
    expect(headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
    // The CSP is the pages' own (with their nonce): not sent with everything.
    expect(headers.get("content-security-policy")).toBeNull();
  });

  it("sends no HSTS over plain http", async () => {
    const headers = await headersFor(false);
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });
});
