import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "~/lib/db/client.server";
import { services } from "~/lib/services.server";
import { SESSION_COOKIE_PREFIX } from "./cookie-prefix";
import type { SessionUser } from "./session-user";

export type { SessionUser };

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)((?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token)=([^;]+)`);
/** The auth library slides a session's expiry when it is used a day after its last refresh. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The session token of a request, when its cookie carries a valid signature. The cookie is the
 * auth library's own: `token.signature`, the signature being base64 HMAC-SHA256 of the token with
 * the auth secret (better-call's signed cookies). Checked here so a page view costs one query.
 */
export function readSessionToken(cookieHeader: string | null, secret: string): string | null {
  if (!cookieHeader) return null;
  const match = SESSION_COOKIE.exec(cookieHeader);
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

interface SessionRow {
  id: string;
  email: string;
  name: string;
  role: string;
  updated_at: Date | string;
}

export interface RequestSession {
  user: SessionUser;
  /** True when the auth library should slide the session's expiry (about once a day). */
  due: boolean;
}

/** One lookup per request, however many loaders ask (React Router hands them the same Request). */
const perRequest = new WeakMap<Request, Promise<RequestSession | null>>();

/** The signed-in user of a request, with the role as the database has it now; null for guests. */
export function getRequestSession(request: Request): Promise<RequestSession | null> {
  let session = perRequest.get(request);
  if (!session) {
    session = lookUpSession(request);
    perRequest.set(request, session);
  }
  return session;
}

async function lookUpSession(request: Request): Promise<RequestSession | null> {
  const { config, database } = services();
  const token = readSessionToken(request.headers.get("cookie"), config.authSecret);
  if (!token) return null;
  const [row] = await queryRows<SessionRow>(
    database.db,
    sql`select u.id, u.email, u.name, u.role, s.updated_at
        from "session" s join "user" u on u.id = s.user_id
        where s.token = ${token} and s.expires_at > now()`,
  );
  if (!row) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name || row.email.split("@")[0] || "User",
      role: row.role === "admin" ? "admin" : "customer",
    },
    due: Date.now() - new Date(row.updated_at).getTime() > REFRESH_AFTER_MS,
  };
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getRequestSession(request))?.user ?? null;
}

/**
 * Lets the auth library refresh a session that is due (sliding expiry); returns the Set-Cookie
 * headers to pass on, or none.
 */
export async function refreshSessionHeaders(request: Request): Promise<Headers | undefined> {
  const result = await services().auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookie = result.headers.get("set-cookie");
  return setCookie ? new Headers({ "set-cookie": setCookie }) : undefined;
}
