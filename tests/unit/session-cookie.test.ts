import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/config/config.server";
import type { Db } from "~/lib/db/client.server";
import { createAuth } from "~/modules/accounts/auth.server";
import { readSessionToken, sessionCookieName } from "~/modules/accounts/session.server";
import type { Mailer } from "~/modules/notifications/mailer.server";

const SECRET = "a-session-secret-a-session-secret-0123456789";
const signed = (token: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`);

/** The auth library as the shop configures it, for a public URL (no database is touched). */
function authFor(publicUrl: string) {
  const config = loadConfig({
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: SECRET,
    ADMIN_PASSWORD: "AdminPass123",
    SECURE_ADMIN_PASSWORD: "secure-admin-pass",
    DATA_DIR: "/nonexistent",
  });
  return createAuth(config, {} as Db, {} as Mailer);
}

describe("the session cookie the shop reads", () => {
  it("is the one the auth library sets: __Secure- prefixed over https, plain over http", () => {
    expect(sessionCookieName(authFor("https://shop.example"))).toBe("__Secure-abundance.session_token");
    expect(sessionCookieName(authFor("http://localhost:3000"))).toBe("abundance.session_token");
  });

  it("reads exactly that cookie: an unprefixed one is not accepted where the prefix is required", () => {
    const name = "__Secure-abundance.session_token";
    expect(readSessionToken(`${name}=${signed("tok1")}`, name, SECRET)).toBe("tok1");
    expect(readSessionToken(`a=1; ${name}=${signed("tok1")}; b=2`, name, SECRET)).toBe("tok1");
    expect(readSessionToken(`abundance.session_token=${signed("tok1")}`, name, SECRET)).toBeNull();
    expect(readSessionToken(`x${name}=${signed("tok1")}`, name, SECRET)).toBeNull();
  });

  it("refuses a value whose signature does not hold", () => {
    const name = "abundance.session_token";
    expect(readSessionToken(`${name}=tok1`, name, SECRET)).toBeNull();
    expect(readSessionToken(`${name}=${signed("tok1").replace("tok1", "tok2")}`, name, SECRET)).toBeNull();
    expect(readSessionToken(null, name, SECRET)).toBeNull();
  });
});
