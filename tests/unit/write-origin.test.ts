import { describe, expect, it } from "vitest";
import { trustedWriteOrigins, writeAllowed } from "~/lib/http/write-origin";

/** The one origin rule of every write (the server's guard and the auth library's origin check). */
const PUBLIC = "http://localhost:3000";
const write = (origin: string | null, fetchSite: string | null = null, requestUrl = "http://127.0.0.1:3000/x") =>
  writeAllowed({ method: "POST", origin, fetchSite, publicUrl: PUBLIC, requestUrl });

describe("the write origin rule", () => {
  it("trusts PUBLIC_URL's origin and the origin the request was addressed to", () => {
    expect(trustedWriteOrigins(PUBLIC, "http://127.0.0.1:3000/api/auth/sign-out")).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
    ]);
    expect(trustedWriteOrigins("https://shop.example/", "https://shop.example/login")).toEqual([
      "https://shop.example",
    ]);
    expect(trustedWriteOrigins(PUBLIC)).toEqual(["http://localhost:3000"]);
  });

  it("takes a write from either, refuses one from anywhere else", () => {
    expect(write("http://localhost:3000")).toBe(true);
    expect(write("http://127.0.0.1:3000")).toBe(true);
    expect(write("https://evil.example")).toBe(false);
    expect(write("http://127.0.0.1:3001")).toBe(false);
    expect(write("https://127.0.0.1:3000")).toBe(false);
    expect(write("null")).toBe(false);
  });

  it("without an Origin, refuses only what the browser calls cross-site; reads always pass", () => {
    expect(write(null)).toBe(true);
    expect(write(null, "same-origin")).toBe(true);
    expect(write(null, "cross-site")).toBe(false);
    expect(
      writeAllowed({
        method: "GET",
        origin: "https://evil.example",
        fetchSite: "cross-site",
        publicUrl: PUBLIC,
        requestUrl: PUBLIC,
      }),
    ).toBe(true);
  });
});
