import { redirect } from "react-router";
import { withRedirect } from "~/lib/redirects";
import { getSessionUser, type SessionUser } from "./session.server";

/** The page a request asked for, as a same-site path (without React Router's data-request suffix). */
export function requestedPath(request: Request): { pathname: string; search: string } {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  const search = url.searchParams.size > 0 ? `?${url.searchParams.toString()}` : "";
  return { pathname, search };
}

/** Signed-in users only: anyone else goes to /login?redirect=… (spec §2: pages needing sign-in). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(withRedirect("/login", requestedPath(request)));
  return user;
}

/** Admins only (role from the database): anyone else goes to / (spec §2 route table). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || user.role !== "admin") throw redirect("/");
  return user;
}
