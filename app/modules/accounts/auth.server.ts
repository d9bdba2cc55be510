import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import * as schema from "#db/schema/index";
import type { AppConfig } from "~/lib/config/config.server";
import type { Db } from "~/lib/db/client.server";

export const SESSION_COOKIE_PREFIX = "abundance";
const DAY = 60 * 60 * 24;

/** The auth library, configured from our config and database. Sessions live in httpOnly cookies. */
export function createAuth(config: AppConfig, db: Db) {
  return betterAuth({
    appName: "Abundance Collection",
    baseURL: config.publicUrl,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        // Read from the database only: nothing a browser sends can set it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
    },
    rateLimit: {
      enabled: config.nodeEnv !== "test",
      storage: "database",
      modelName: "rateLimit",
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
