import { createHmac, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { accountKey } from "./account-limits.server";
import { SESSION_COOKIE_PREFIX } from "~/lib/http/cookie-prefix";

/**
 * Known devices (docs/decisions/0029): a successful password sign-in leaves a signed, httpOnly cookie on
 * the browser naming the device (a random id) and the accounts that signed in on it (a fingerprint of
 * each e-mail — an HMAC under AUTH_SECRET, never the address). Wrong passwords typed for an account lock
 * its password sign-in for everyone else (account-limits.server.ts), but a device the account signed in
 * on before is counted on its own, so strangers guessing from elsewhere cannot lock the owner out.
 */
export const KNOWN_DEVICE_COOKIE = `${SESSION_COOKIE_PREFIX}.known_device`;
/** How long a device stays known without a sign-in (each sign-in renews it). */
export const KNOWN_DEVICE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts remembered per device, the latest first. */
const ACCOUNTS_PER_DEVICE = 5;

interface KnownDevice {
  /** The device's random id. */
  d: string;
  /** Fingerprints of the accounts that signed in on it. */
  a: string[];
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function asKnownDevice(value: unknown): KnownDevice | null {
  if (!value || typeof value !== "object") return null;
  const { d, a } = value as Partial<KnownDevice>;
  if (typeof d !== "string" || !DEVICE_ID.test(d) || !Array.isArray(a)) return null;
  return { d, a: a.filter((x): x is string => typeof x === "string").slice(0, ACCOUNTS_PER_DEVICE) };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;

export function createKnownDevices(deps: { authSecret: string; secureCookies: boolean }) {
  // A key of its own, derived from the auth secret: this signature is valid for no other cookie.
  const key = createHmac("sha256", deps.authSecret).update("abundance:known-device-cookie").digest("base64url");
  const cookie: Cookie = createCookie(KNOWN_DEVICE_COOKIE, {
    secrets: [key],
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: deps.secureCookies,
    maxAge: KNOWN_DEVICE_SECONDS,
  });
  const fingerprint = (email: string) =>
    createHmac("sha256", deps.authSecret)
      .update(`abundance:known-device-account:${accountKey(email)}`)
      .digest("base64url")
      .slice(0, 22);

  async function read(request: Request): Promise<KnownDevice | null> {
    try {
      return asKnownDevice(await cookie.parse(request.headers.get("cookie")));
    } catch {
      return null;
    }
  }

  return {
    /** The id of the request's device when `email`'s account signed in on it before; null otherwise. */
    async deviceOf(request: Request, email: string): Promise<string | null> {
      const device = await read(request);
      return device && device.a.includes(fingerprint(email)) ? device.d : null;
    },
    /** The Set-Cookie value that makes (or keeps) the request's device known for `email`'s account. */
    async remember(request: Request, email: string): Promise<string> {
      const device = await read(request);
      const account = fingerprint(email);
      const others = (device?.a ?? []).filter((a) => a !== account);
      const next: KnownDevice = {
        d: device?.d ?? randomBytes(16).toString("base64url"),
        a: [account, ...others].slice(0, ACCOUNTS_PER_DEVICE),
      };
      return cookie.serialize(next);
    },
  };
}
