import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins";
import * as schema from "#db/schema/index";
import type { AppConfig, OAuthClient } from "~/lib/config/config.server";
import type { Db } from "~/lib/db/client.server";
import { trustedWriteOrigins } from "~/lib/http/write-origin";
import { connectionFailure } from "~/lib/db/errors";
import type { Mailer } from "~/modules/notifications/mailer.server";
import { passwordResetMail, verificationMail } from "./account-mails";
import { SESSION_COOKIE_PREFIX } from "~/lib/http/cookie-prefix";
import { accountNameFrom, fullName } from "./profile-forms";
import { log } from "~/lib/log.server";

/** Set by our own server (server/app.ts) from the socket or trusted proxies; a client's value is replaced. */
export const CLIENT_IP_HEADER = "x-abundance-client-ip";
const DAY = 60 * 60 * 24;

/**
 * The library's log (warnings and errors), under its own prefix. A database that cannot be reached is
 * one line, as everywhere (lib/http/error-answer.server.ts): the library would log the failed query's
 * SQL and a stack each time.
 */
function logAuth(level: "info" | "warn" | "error" | "debug", message: string, ...args: unknown[]): void {
  const lost = args.map(connectionFailure).find((found) => found !== null);
  if (lost) {
    log.warn({ err: { code: lost.code, message: lost.message } }, `[Better Auth]: ${message}: database unavailable`);
    return;
  }
  const error = args.find((arg) => arg instanceof Error);
  const details = args.filter((arg) => arg !== error && typeof arg !== "object");
  const text = [`[Better Auth]: ${message}`, ...details.map(String)].join(" ");
  if (error) log[level]({ err: error }, text);
  else log[level](text);
}

/** Endpoints of the social providers (OAuth 2 with PKCE and state). A base URL points them at a local fake. */
function oauthProvider(providerId: "google" | "facebook", client: OAuthClient): GenericOAuthConfig {
  const real =
    providerId === "google"
      ? {
          authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
          tokenUrl: "https://oauth2.googleapis.com/token",
          userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
          scopes: ["openid", "email", "profile"],
        }
      : {
          authorizationUrl: "https://www.facebook.com/v19.0/dialog/oauth",
          tokenUrl: "https://graph.facebook.com/v19.0/oauth/access_token",
          userInfoUrl: "https://graph.facebook.com/me?fields=id,name,email,picture",
          scopes: ["email", "public_profile"],
        };
  const endpoints = client.baseUrl
    ? {
        authorizationUrl: `${client.baseUrl}/authorize`,
        tokenUrl: `${client.baseUrl}/token`,
        userInfoUrl: `${client.baseUrl}/userinfo`,
        scopes: real.scopes,
      }
    : real;
  return {
    providerId,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    ...endpoints,
    pkce: true,
    authentication: "post",
    // Google's OpenID user info names the account `sub`; Facebook's Graph API names it `id`.
    accountSubject: ({ profile }) => String((providerId === "google" ? profile.sub : profile.id) ?? ""),
    // Facebook sends the picture as { data: { url } }.
    mapProfileToUser: (profile) => {
      const picture = profile.picture as string | { data?: { url?: string } } | undefined;
      return { image: typeof picture === "string" ? picture : picture?.data?.url };
    },
  };
}

/** The auth library, configured from our config and database. Sessions live in httpOnly cookies. */
/**
 * `shopName` answers the store's name as the owner set it, read when an e-mail is sent (the demo
 * shop's name by default).
 */
export function createAuth(
  config: AppConfig,
  db: Db,
  mailer: Mailer,
  shopName: () => Promise<string> = async () => "Abundance Collection",
) {
  const providers = [
    config.google && oauthProvider("google", config.google),
    config.facebook && oauthProvider("facebook", config.facebook),
  ].filter((p): p is GenericOAuthConfig => Boolean(p));

  return betterAuth({
    appName: "Abundance Collection",
    baseURL: config.publicUrl,
    secret: config.authSecret,
    // The shop's one rule for writes (lib/http/write-origin.ts): PUBLIC_URL's origin and the origin the
    // request was addressed to — the server's guard (server/security.ts) takes the same, so a sign-out
    // from the store opened at another address ends the session instead of answering 403.
    trustedOrigins: (request) => trustedWriteOrigins(config.publicUrl, request?.url),
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: config.requireEmailVerification,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: a known address must not answer more slowly than an unknown one.
      sendResetPassword: async ({ user, url }) => {
        void shopName()
          .then((name) => mailer.send(passwordResetMail(user, url, name)))
          .catch((error: Error) => log.warn({ err: error }, "[mail] reset e-mail failed"));
      },
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        void shopName()
          .then((name) => mailer.send(verificationMail(user, url, name)))
          .catch((error: Error) => log.warn({ err: error }, "[mail] verification e-mail failed"));
      },
    },
    user: {
      additionalFields: {
        // Read from the database only: nothing a browser sends can set it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    // Our field rules wherever the library writes a user row (our forms have checked theirs already): a
    // social provider's name is fitted to them at sign-up; any other change of the name must keep them.
    databaseHooks: {
      user: {
        create: {
          before: async (row) => ({ data: { ...row, name: accountNameFrom(row.name, row.email) } }),
        },
        update: {
          before: async (changes) => {
            if (changes.name === undefined) return;
            const name = fullName.safeParse(changes.name);
            if (!name.success) throw new APIError("BAD_REQUEST", { message: name.error.issues[0]?.message });
            return { data: { ...changes, name: name.data } };
          },
        },
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google", "facebook"] },
    },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
    },
    // Only a few of the library's HTTP endpoints are open (auth-endpoints.server.ts), and those that sign
    // in go through our own limits (account-limits.server.ts); this is a general backstop per address.
    rateLimit: {
      enabled: config.nodeEnv !== "test",
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
    },
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Checked whatever NODE_ENV says: the library skips its origin check under NODE_ENV=test by default,
      // and the tests must meet the rule the shop runs with.
      disableOriginCheck: false,
    },
    // A failed social sign-in (refused, tampered or expired state) lands on our sign-in page.
    // `throw`: a failure that is not the library's own answer (the database away, say) reaches our route's
    // errorAnswer — one log line and a 503 — instead of a 500 and a stack printed by its router.
    onAPIError: { errorURL: "/login?error=oauth", throw: true },
    logger: { log: logAuth },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
