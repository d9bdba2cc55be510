import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins";
import * as schema from "#db/schema/index";
import type { AppConfig, OAuthClient } from "~/lib/config/config.server";
import type { Db } from "~/lib/db/client.server";
import type { Mailer } from "~/modules/notifications/mailer.server";
import { passwordResetMail, verificationMail } from "./account-mails";
import { SESSION_COOKIE_PREFIX } from "./cookie-prefix";

/** Set by our own server (server/app.ts) from the socket or trusted proxies; a client's value is replaced. */
export const CLIENT_IP_HEADER = "x-abundance-client-ip";
const DAY = 60 * 60 * 24;

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
export function createAuth(config: AppConfig, db: Db, mailer: Mailer) {
  const providers = [
    config.google && oauthProvider("google", config.google),
    config.facebook && oauthProvider("facebook", config.facebook),
  ].filter((p): p is GenericOAuthConfig => Boolean(p));

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
      requireEmailVerification: config.requireEmailVerification,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: a known address must not answer more slowly than an unknown one.
      sendResetPassword: async ({ user, url }) => {
        void mailer
          .send(passwordResetMail(user, url))
          .catch((error: Error) => console.warn(`[mail] reset e-mail failed: ${error.message}`));
      },
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        void mailer
          .send(verificationMail(user, url))
          .catch((error: Error) => console.warn(`[mail] verification e-mail failed: ${error.message}`));
      },
    },
    user: {
      additionalFields: {
        // Read from the database only: nothing a browser sends can set it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google", "facebook"] },
    },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
    },
    rateLimit: {
      enabled: config.nodeEnv !== "test",
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 60, max: 10 },
        "/sign-up/*": { window: 60 * 60, max: 10 },
        "/request-password-reset": { window: 60 * 60, max: 10 },
        "/reset-password": { window: 60 * 60, max: 10 },
        "/change-password": { window: 60 * 60, max: 10 },
      },
    },
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // A failed social sign-in (refused, tampered or expired state) lands on our sign-in page.
    onAPIError: { errorURL: "/login?error=oauth" },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
