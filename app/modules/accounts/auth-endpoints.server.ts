import { DomainError } from "~/lib/domain-error";
import type { AccountLimits } from "./account-limits.server";
import type { Auth } from "./auth.server";

/**
 * Which of the auth library's HTTP endpoints (/api/auth/*) answer at all. Our pages sign in, sign up
 * and reset or change passwords through account-actions.server.ts, which calls the library in the
 * server (behind our limits and form rules); the browser needs the library's HTTP endpoints only for
 * what follows. Every other path the library has (sign-in/email, sign-up/email,
 * request-password-reset, update-user, change-email, change-password, …) answers 404, so there is no
 * second way round our limits and rules. An endpoint that signs in, signs up or touches a password
 * goes through the same limit as the page that does the same.
 */
interface OpenEndpoint {
  method: "GET" | "POST";
  /** Under /api/auth; a `:name` segment is one segment of letters, digits, '_' and '-'. */
  path: string;
  /** Who calls it. */
  usedBy: string;
  /** The limit of our page that does the same, counted before the library runs. */
  limit?: (limits: AccountLimits, request: Request) => Promise<void>;
}

export const AUTH_BASE_PATH = "/api/auth";

export const OPEN_AUTH_ENDPOINTS: readonly OpenEndpoint[] = [
  {
    method: "POST",
    path: "/sign-in/social",
    usedBy: "Continue with Google / Facebook (components/auth/social-buttons.tsx): answers the provider's URL",
    limit: (limits, request) => limits.signInFrom(request),
  },
  {
    method: "GET",
    path: "/callback/:providerId",
    usedBy: "the provider sending the browser back (state, PKCE; a new account is made here)",
  },
  { method: "POST", path: "/sign-out", usedBy: "sign-out (components/auth/sign-out.ts)" },
  {
    method: "GET",
    path: "/reset-password/:token",
    usedBy: "the link of the reset e-mail: checks the token and goes on to /reset-password?token=…",
  },
  {
    method: "GET",
    path: "/verify-email",
    usedBy: "the link of the verification e-mail (REQUIRE_EMAIL_VERIFICATION)",
  },
];

const SEGMENT = "[A-Za-z0-9_-]+";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Exact matchers: no trailing slash, no empty or encoded segment, nothing a router could read another way. */
const matchers = OPEN_AUTH_ENDPOINTS.map((endpoint) => ({
  endpoint,
  pattern: new RegExp(
    `^${escapeRegExp(AUTH_BASE_PATH)}${endpoint.path
      .split("/")
      .map((segment) => (segment.startsWith(":") ? SEGMENT : escapeRegExp(segment)))
      .join("/")}$`,
  ),
}));

/** The open endpoint a request is for, or null (then it answers 404). */
export function openAuthEndpoint(method: string, pathname: string): OpenEndpoint | null {
  return matchers.find((m) => m.endpoint.method === method && m.pattern.test(pathname))?.endpoint ?? null;
}

/**
 * Serves a request under /api/auth: a DomainError `not-found` for an endpoint that is not open, the
 * endpoint's limit (a `rate-limited` DomainError when used up), then the library with the very request
 * that was checked.
 */
export async function serveAuthEndpoint(
  deps: { auth: Auth; limits: AccountLimits },
  request: Request,
): Promise<Response> {
  const endpoint = openAuthEndpoint(request.method, new URL(request.url).pathname);
  if (!endpoint) throw new DomainError("not-found", "Not found", { reason: "AUTH_ENDPOINT_CLOSED" });
  await endpoint.limit?.(deps.limits, request);
  return deps.auth.handler(request);
}
