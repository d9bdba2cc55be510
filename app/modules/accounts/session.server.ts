import { services } from "~/lib/services.server";

import type { SessionUser } from "./session-user";

export type { SessionUser };

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?abundance\.session_token=/;

/** The signed-in user of a request, with the role as the database has it; null for guests. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !SESSION_COOKIE.test(cookie)) return null;
  const session = await services().auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    name: user.name || user.email.split("@")[0] || "User",
    role: (user as { role?: string }).role === "admin" ? "admin" : "customer",
  };
}
