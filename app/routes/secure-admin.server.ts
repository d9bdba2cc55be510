import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { ConsoleAccessAnswer } from "~/components/secure-admin/admin-access-form";
import { isDocumentRequest } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { user } from "#db/schema/index";
import { DomainError } from "~/lib/domain-error";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import { productCommand } from "~/modules/product-admin/product-requests.server";
import { services } from "~/services.server";
import { log } from "~/lib/log.server";

/**
 * What every loader and action of /secure-admin asks first: the request's console pass. Without one the
 * section loaders answer nothing (the console's layout shows 'Admin Access' instead) and actions 401.
 */
export const consoleNoStore = { "Cache-Control": "private, no-store" };

/**
 * How the request may use the console: with the shared password's pass, or as the shop's admin (an
 * account with the admin role: the owner needs no second password for their own back office); null
 * for anyone else. A customer whom the /admin password let in still needs the console's.
 */
export async function consoleEntry(request: Request): Promise<"pass" | "admin" | null> {
  const { secureAdmin, adminAccess } = services();
  if ((await secureAdmin.pass(request)) !== null) return "pass";
  const access = await adminAccess.access(request);
  return access.kind === "admin" && !access.viaPassword ? "admin" : null;
}

export async function hasConsolePass(request: Request): Promise<boolean> {
  return (await consoleEntry(request)) !== null;
}

/**
 * Who the console acts as in an order's history and for its test orders: the shop's admin account
 * (ADMIN_EMAIL), named as the console, since whoever holds the shared password has no account of their own.
 */
export async function consoleActor(): Promise<{ id: string; name: string; email: string }> {
  const { config, database } = services();
  const [owner] = await database.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.email, config.admin.email));
  if (!owner) {
    // The setting's name goes to the log; the owner reads words.
    log.error(`[secure-admin] no account has the e-mail ADMIN_EMAIL names (${config.admin.email})`);
    throw new DomainError("unavailable", "The shop's admin account is missing");
  }
  return { id: owner.id, name: "Secure admin console", email: owner.email };
}

/**
 * Who may use /admin's product endpoints (`/admin/products/editor`, `/admin/products/flags`): the shop's
 * admin, named in the audit as themselves. Anyone else — a visitor, a customer, even one the /admin
 * password let into /admin — is sent to / before anything is read. (The console sends the same commands
 * to its own page: its pass cookie is scoped to /secure-admin.)
 */
export async function productWriter(request: Request): Promise<{ id: string; email: string }> {
  const access = await services().adminAccess.access(request);
  if (access.kind === "admin" && !access.viaPassword) return { id: access.actor.id, email: access.actor.email };
  throw redirect("/", { headers: consoleNoStore });
}

/**
 * The action of /admin's product endpoints: who asks (`productWriter`), then the one handler of product
 * commands (`productCommand`), which the console's Products page calls too.
 */
export async function productCommandAction(request: Request) {
  const actor = await productWriter(request);
  const refuse = (status: number, message: string) =>
    data({ ok: false, intent: null, message, errors: {} }, { status, headers: consoleNoStore });
  if (request.method !== "POST") return refuse(405, "Method not allowed");
  const { database, catalogCommands } = services();
  const { status, body } = await productCommand({ db: database.db, catalogCommands }, actor, request);
  return data(body, { status, headers: consoleNoStore });
}

/**
 * Login (the shared password) and Logout (the pass ends on the server), posted to whichever console page
 * is open: each page's action hands them here first. Answers null for any other intent.
 */
export async function consoleAccessAction(request: Request, form: FormData) {
  const intent = form.get("intent");
  if (intent !== "login" && intent !== "logout") return null;
  const reply = (body: ConsoleAccessAnswer, status = 200, headers?: HeadersInit) =>
    data(body, { status, headers: { ...consoleNoStore, ...headers } });
  const { secureAdmin } = services();
  try {
    const setCookie =
      intent === "logout" ? await secureAdmin.logout(request) : await secureAdmin.login(request, form.get("password"));
    const page = new URL(request.url).pathname.replace(/\.data$/, "");
    // Posted without JavaScript the page would be rendered from this very request, without the new cookie.
    if (isDocumentRequest(request)) throw redirect(page, { headers: { "Set-Cookie": setCookie } });
    const message = intent === "logout" ? SECURE_ADMIN_MESSAGES.loggedOut : SECURE_ADMIN_MESSAGES.granted;
    return reply({ intent, ok: true, message, errors: {} }, 200, { "Set-Cookie": setCookie });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "secure-admin-access" });
    return reply({ intent, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} }, failure.status);
  }
}

/**
 * The start of every console action: Login and Logout answered (consoleAccessAction); then, without a
 * pass, a 401 with `refusal` and nothing read. Null when the request may go on.
 */
export async function consoleGate(request: Request, form: FormData, refusal: string = SECURE_ADMIN_MESSAGES.forbidden) {
  const access = await consoleAccessAction(request, form);
  if (access) return access;
  if (await hasConsolePass(request)) return null;
  return data({ intent: null, ok: false, message: refusal, errors: {} }, { status: 401, headers: consoleNoStore });
}

/** The action of a console page that has no other: Login and Logout. */
export async function accessOnlyAction({ request }: { request: Request }) {
  const answer = await consoleAccessAction(request, await readFormBody(request));
  return answer ?? data({ ok: false, message: "Unknown action", errors: {} }, { status: 400, headers: consoleNoStore });
}
