import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { getCookies } from "better-auth/cookies";
import { redirect } from "react-router";
import { isStaffRole } from "./staff-roles";
import { queryRows, type Db } from "~/lib/db/client.server";
import { withRedirect } from "~/lib/redirects";
import type { Auth } from "./auth.server";
import type { KnownSession, SessionMemory } from "./session-memory.server";
import type { SessionUser } from "./session-user";
import { noteRequestUser } from "~/lib/request-notes.server";

export type { SessionUser };

/** The auth library slides a session's expiry when it is used a day after its last refresh. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The session token of a request, when its cookie carries a valid signature. The cookie is the
 * auth library's own: `token.signature`, the signature being base64 HMAC-SHA256 of the token with
 * the auth secret (better-call's signed cookies). Checked here so a page view costs one query.
 */
export function readSessionToken(cookieHeader: string | null, cookieName: string, secret: string): string | null {
  const signed = cookieHeader ? cookieValue(cookieHeader, cookieName) : null;
  return signed === null ? null : verifiedToken(signed, secret);
}

/** The token of a signed cookie value (`token.signature`, URL-encoded), when the signature is right. */
function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
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

/** The value of exactly the cookie named (not one that merely ends with the name), or null. */
function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The name of the session cookie as the auth library sets it: `__Secure-abundance.session_token`
 * over https, `abundance.session_token` otherwise. Only that one is read, so an unprefixed cookie is
 * not accepted where the library insists on the prefix.
 */
export function sessionCookieName(auth: Auth): string {
  return getCookies(auth.options).sessionToken.name;
}

interface SessionRow {
  session_id: string;
  id: string;
  email: string;
  name: string;
  role: string;
  staff_role: string | null;
  updated_at: Date | string;
  expires_at: Date | string;
}

export interface RequestSession {
  user: SessionUser;
  /** The session's own id (not its token): what a grant bound to this one session names. */
  sessionId: string;
  /** True when the auth library should slide the session's expiry (about once a day). */
  due: boolean;
}

/**
 * What a request's session is made of: the database, the auth library and its signing secret, and
 * optionally the sessions this process has already read (decision 0018).
 */
export interface SessionDeps {
  db: Db;
  auth: Auth;
  authSecret: string;
  memory?: SessionMemory;
}

/** Who is asking, for loaders and actions: the session reader and the guards built on it. */
export interface Sessions {
  /**
   * The signed-in user of a request, null for guests; an admin's role is as the database has it now,
   * a customer's may be a copy some milliseconds old (decision 0018).
   */
  get(request: Request): Promise<RequestSession | null>;
  user(request: Request): Promise<SessionUser | null>;
  /**
   * Lets the auth library refresh a session that is due (sliding expiry); answers the Set-Cookie
   * headers to pass on, or none.
   */
  refreshHeaders(request: Request): Promise<Headers | undefined>;
  /** Signed-in users only: anyone else goes to /login?redirect=… (spec §2: pages needing sign-in). */
  requireUser(request: Request): Promise<SessionUser>;
  /** Admins only (role from the database): anyone else goes to / (spec §2 route table). */
  requireAdmin(request: Request): Promise<SessionUser>;
  /**
   * Forgets this process's kept copies of a user's sessions (every user's for null) at once, after a
   * write here ended some: a sign-out, a password changed or reset. Other processes forget them when the
   * database's notice reaches them (decision 0018).
   */
  forgetUser(userId: string | null): void;
}

/**
 * The page a request asked for, as a same-site path: without what React Router adds to a data request
 * (the `.data` suffix, `_routes`, and the bare `index` of an index route's action).
 */
export function requestedPath(request: Request): { pathname: string; search: string } {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index", "");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  const search = url.searchParams.size > 0 ? `?${url.searchParams.toString()}` : "";
  return { pathname, search };
}

export function createSessions({ db, auth, authSecret, memory }: SessionDeps): Sessions {
  const cookieName = sessionCookieName(auth);
  /** One lookup per request, however many loaders ask (React Router hands them the same Request). */
  const perRequest = new WeakMap<Request, Promise<RequestSession | null>>();

  async function read(token: string): Promise<KnownSession | null> {
    const [row] = await queryRows<SessionRow>(
      db,
      sql`select s.id as session_id, u.id, u.email, u.name, u.role, u.staff_role, s.updated_at, s.expires_at
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
        staffRole: row.role === "admin" && isStaffRole(row.staff_role) ? row.staff_role : null,
      },
      sessionId: row.session_id,
      updatedAt: new Date(row.updated_at).getTime(),
      expiresAt: new Date(row.expires_at).getTime(),
    };
  }

  async function lookUp(request: Request): Promise<RequestSession | null> {
    const cookieHeader = request.headers.get("cookie");
    const signed = cookieHeader ? cookieValue(cookieHeader, cookieName) : null;
    if (signed === null) return null;
    // Kept under the signed value as the browser sent it: the very string whose signature was checked.
    let known = memory?.get(signed);
    if (!known) {
      const token = verifiedToken(signed, authSecret);
      if (!token) return null;
      const mark = memory?.mark() ?? 0;
      const found = await read(token);
      if (!found) return null;
      memory?.keep(signed, found, mark);
      known = found;
    }
    noteRequestUser(request, known.user.id);
    return {
      user: known.user,
      sessionId: known.sessionId,
      due: Date.now() - known.updatedAt > REFRESH_AFTER_MS,
    };
  }

  function get(request: Request): Promise<RequestSession | null> {
    let session = perRequest.get(request);
    if (!session) {
      session = lookUp(request);
      perRequest.set(request, session);
    }
    return session;
  }

  const user = async (request: Request) => (await get(request))?.user ?? null;

  return {
    get,
    user,
    async refreshHeaders(request) {
      const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
      const setCookie = result.headers.get("set-cookie");
      return setCookie ? new Headers({ "set-cookie": setCookie }) : undefined;
    },
    async requireUser(request) {
      const found = await user(request);
      if (!found) throw redirect(withRedirect("/login", requestedPath(request)));
      return found;
    },
    async requireAdmin(request) {
      const found = await user(request);
      if (!found || found.role !== "admin") throw redirect("/");
      return found;
    },
    forgetUser(userId) {
      if (userId === null) memory?.forgetAll();
      else memory?.forget(`u:${userId}`);
    },
  };
}
