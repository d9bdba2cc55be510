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
import { can, refusalFor, type Permission } from "~/modules/staff/permissions";
import { SHARED_PASSWORD_NAME, type StaffActor } from "~/modules/staff/staff-actor";
import { requireStaff } from "./back-office.server";

/**
 * What every loader and action of /secure-admin asks first: the request's console pass. Without one the
 * section loaders answer nothing (the console's layout shows 'Admin Access' instead) and actions 401.
 */
export const consoleNoStore = { "Cache-Control": "private, no-store" };

/**
 * How the request may use the console: with the shared password's pass, or as a staff member (an account
 * with a staff role: the owner needs no second password for their own back office); null for anyone
 * else. A customer whom the /admin password let in still needs the console's.
 */
export async function consoleEntry(request: Request): Promise<"pass" | "admin" | null> {
  const { secureAdmin, backOffice } = services();
  if ((await secureAdmin.pass(request)) !== null) return "pass";
  const access = await backOffice.who(request);
  return access.kind === "staff" && !access.viaPassword ? "admin" : null;
}

/**
 * Who is using the console, when their role includes `permission` (issue 32): the shared password's pass
 * acts in SHARED_PASSWORD_ROLE, audited as 'Shared password' with the pass that was used (under the
 * shop's admin account, ADMIN_EMAIL, since the password has no account of its own); a staff member acts
 * as themselves in their own role. Null without either (the console's gate answers); a role without the
 * permission gets a 403 thrown with the refusal's words, before anything is read.
 */
export async function consoleStaff(request: Request, permission: Permission): Promise<StaffActor | null> {
  const { secureAdmin, backOffice, config } = services();
  const pass = await secureAdmin.pass(request);
  let actor: StaffActor | null = null;
  if (pass) {
    const owner = await adminAccount();
    actor = {
      kind: "shared-password",
      id: owner.id,
      email: owner.email,
      name: SHARED_PASSWORD_NAME,
      role: config.sharedPasswordRole,
      sessionId: pass.id,
    };
  } else {
    const access = await backOffice.who(request);
    if (access.kind === "staff" && !access.viaPassword) actor = access.actor;
  }
  if (!actor) return null;
  if (!can(actor.role, permission)) {
    throw new Response(refusalFor(actor.role, permission), {
      status: 403,
      headers: { ...consoleNoStore, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return actor;
}

/** The shop's admin account (ADMIN_EMAIL), under which the shared password's console writes are made. */
async function adminAccount(): Promise<{ id: string; email: string }> {
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
  return owner;
}

/**
 * Who may use /admin's product endpoints (`/admin/products/editor`, `/admin/products/flags`): a role with
 * 'products', named in the audit as themselves; anyone else gets a 403 before anything is read. (The
 * console sends the same commands to its own page: its pass cookie is scoped to /secure-admin.)
 */
export async function productWriter(request: Request): Promise<StaffActor> {
  return (await requireStaff(request, "products", { outsidersTo: "/" })).actor;
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
 * pass, a 401 with `refusal` and nothing read; a role without `permission`, a 403. Else who acts.
 */
export async function consoleGate(
  request: Request,
  form: FormData,
  permission: Permission,
  refusal: string = SECURE_ADMIN_MESSAGES.forbidden,
) {
  const access = await consoleAccessAction(request, form);
  if (access) return { answer: access };
  const actor = await consoleStaff(request, permission);
  if (actor) return { actor };
  return {
    answer: data({ intent: null, ok: false, message: refusal, errors: {} }, { status: 401, headers: consoleNoStore }),
  };
}

/** The action of a console page that has no other: Login and Logout. */
export async function accessOnlyAction({ request }: { request: Request }) {
  const answer = await consoleAccessAction(request, await readFormBody(request));
  return answer ?? data({ ok: false, message: "Unknown action", errors: {} }, { status: 400, headers: consoleNoStore });
}
