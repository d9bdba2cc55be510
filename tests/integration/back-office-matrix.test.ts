import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { can, type Permission, type StaffRole } from "~/modules/staff/permissions";
import { eq } from "drizzle-orm";
import { consolePass, cookieHeader, signIn, signUp } from "../support/sessions";
import { backOfficeRouteFiles } from "../support/back-office-routes";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The back office's authorisation matrix (issue 32), over HTTP: every back-office route and action ×
 * every staff role, the shared password (here in the catalogue role: SHARED_PASSWORD_ROLE), a customer
 * and a visitor → allowed, or refused (403; the layout's gate or 401 for someone outside the staff)
 * with the database as it was. The table below names the area (permission) of each; a route file added
 * under /admin or /secure-admin without a row here fails the first test, and a row whose route does not
 * ask for its area fails the matrix.
 */

const OWNER = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SharedPass123!";
const SHARED_ROLE: StaffRole = "catalogue";

type Who = StaffRole | "shared password" | "customer" | "visitor";
interface Probe {
  file: string;
  method: "GET" | "POST";
  path: string;
  permission: Permission;
  form?: Record<string, string>;
  json?: unknown;
  /** A visitor's or customer's answer that is not a refusal status: the /admin gate page, the console's. */
  outsiders?: "gate";
  /** The console's routes: the shared password uses them with the console's pass. */
  console?: boolean;
}

const ORDER = "ORD-MATRIX01";
const UUID = "00000000-0000-4000-8000-000000000000";

const PROBES: Probe[] = [
  { file: "routes/admin._index.tsx", method: "GET", path: "/admin.data", permission: "home", outsiders: "gate" },
  { file: "routes/admin.orders.tsx", method: "GET", path: "/admin/orders.data", permission: "orders" },
  {
    file: "routes/admin.orders.packing-slips.tsx",
    method: "GET",
    path: `/admin/orders/packing-slips.data?orders=${ORDER}`,
    permission: "orders",
  },
  {
    file: "routes/admin.orders.pick-list.tsx",
    method: "GET",
    path: `/admin/orders/pick-list.data?orders=${ORDER}`,
    permission: "orders",
  },
  { file: "routes/admin.orders.order.tsx", method: "GET", path: `/admin/orders/${ORDER}.data`, permission: "orders" },
  {
    file: "routes/admin.orders.order.tsx",
    method: "POST",
    path: `/admin/orders/${ORDER}`,
    permission: "orders",
    form: { intent: "note", body: "A note from the matrix" },
  },
  {
    file: "routes/admin.orders.order.tsx",
    method: "POST",
    path: `/admin/orders/${ORDER}`,
    permission: "orders",
    form: { intent: "cancel" },
  },
  {
    file: "routes/admin.orders.packing-slip.tsx",
    method: "GET",
    path: `/admin/orders/${ORDER}/packing-slip.data`,
    permission: "orders",
  },
  {
    file: "routes/admin.orders.drafts.tsx",
    method: "GET",
    path: "/admin/orders/drafts.data",
    permission: "draftOrders",
  },
  {
    file: "routes/admin.orders.drafts.draft.tsx",
    method: "GET",
    path: "/admin/orders/drafts/new.data",
    permission: "draftOrders",
  },
  {
    file: "routes/admin.orders.drafts.draft.tsx",
    method: "POST",
    path: "/admin/orders/drafts/new",
    permission: "draftOrders",
    form: { intent: "save", email: "matrix.customer@example.com", lines: "[]" },
  },
  {
    file: "routes/admin.orders.drafts.products.ts",
    method: "GET",
    path: "/admin/orders/drafts/products?q=a",
    permission: "draftOrders",
  },
  { file: "routes/admin.returns.tsx", method: "GET", path: "/admin/returns.data", permission: "returns" },
  {
    file: "routes/admin.returns.return.tsx",
    method: "GET",
    path: "/admin/returns/RMA-00000000-1.data",
    permission: "returns",
  },
  {
    file: "routes/admin.returns.return.tsx",
    method: "POST",
    path: "/admin/returns/RMA-00000000-1",
    permission: "returns",
    form: { intent: "approve" },
  },
  { file: "routes/admin.products.tsx", method: "GET", path: "/admin/products.data", permission: "products" },
  {
    file: "routes/admin.products.waiting.tsx",
    method: "GET",
    path: "/admin/products/waiting.data",
    permission: "products",
  },
  { file: "routes/admin.analytics.tsx", method: "GET", path: "/admin/analytics.data", permission: "analytics" },
  { file: "routes/admin.settings.tsx", method: "GET", path: "/admin/settings.data", permission: "settings" },
  {
    file: "routes/admin.settings.tsx",
    method: "POST",
    path: "/admin/settings",
    permission: "settings",
    form: { section: "store", version: "0", name: "Matrix Shop" },
  },
  { file: "routes/admin.audit.tsx", method: "GET", path: "/admin/audit.data", permission: "audit" },
  { file: "routes/admin.staff.tsx", method: "GET", path: "/admin/staff.data", permission: "staff" },
  {
    file: "routes/admin.staff.tsx",
    method: "POST",
    path: "/admin/staff",
    permission: "staff",
    form: { intent: "invite", email: "matrix.invitee@example.com", role: "owner" },
  },
  { file: "routes/admin.discounts.tsx", method: "GET", path: "/admin/discounts.data", permission: "discounts" },
  {
    file: "routes/admin.discounts.editor.tsx",
    method: "GET",
    path: "/admin/discounts/new.data",
    permission: "discounts",
  },
  {
    file: "routes/admin.discounts.editor.tsx",
    method: "POST",
    path: "/admin/discounts/new",
    permission: "discounts",
    form: { intent: "save", title: "Matrix", kind: "code", code: "MATRIX10", valueType: "percent", value: "10" },
  },
  {
    file: "routes/admin.discounts.sales.tsx",
    method: "GET",
    path: "/admin/discounts/sales.data",
    permission: "discounts",
  },
  {
    file: "routes/admin.discounts.sales.tsx",
    method: "POST",
    path: "/admin/discounts/sales",
    permission: "discounts",
    form: { intent: "create", title: "Matrix sale" },
  },
  { file: "routes/admin.reviews.tsx", method: "GET", path: "/admin/reviews.data", permission: "reviews" },
  {
    file: "routes/admin.reviews.tsx",
    method: "POST",
    path: "/admin/reviews",
    permission: "reviews",
    form: { intent: "hide", reviewId: UUID },
  },
  { file: "routes/admin.customers.tsx", method: "GET", path: "/admin/customers.data", permission: "customers" },
  {
    file: "routes/admin.customers.customer.tsx",
    method: "GET",
    path: "/admin/customers/nobody.data",
    permission: "customers",
  },
  { file: "routes/admin.size-charts.tsx", method: "GET", path: "/admin/size-charts.data", permission: "sizeCharts" },
  {
    file: "routes/admin.size-charts.editor.tsx",
    method: "GET",
    path: "/admin/size-charts/new.data",
    permission: "sizeCharts",
  },
  {
    file: "routes/admin.size-charts.editor.tsx",
    method: "POST",
    path: "/admin/size-charts/new",
    permission: "sizeCharts",
    form: { intent: "save", name: "Matrix chart" },
  },
  {
    file: "routes/admin.discounts.products.ts",
    method: "GET",
    path: "/admin/discounts/products?q=a",
    permission: "discounts",
  },
  {
    file: "routes/admin.discounts.codes.ts",
    method: "GET",
    path: `/admin/discounts/${UUID}/codes`,
    permission: "discounts",
  },
  { file: "routes/admin.orders.export.ts", method: "GET", path: "/admin/orders/export", permission: "orders" },
  { file: "routes/admin.customers.export.ts", method: "GET", path: "/admin/customers/export", permission: "customers" },
  {
    file: "routes/admin.test-orders.ts",
    method: "POST",
    path: "/admin/test-orders",
    permission: "testOrders",
    json: {},
  },
  {
    file: "routes/admin.notifications.mail.ts",
    method: "GET",
    path: `/admin/notifications/${UUID}/mail`,
    permission: "notifications",
  },
  {
    file: "routes/admin.products.editor.ts",
    method: "GET",
    path: "/admin/products/editor?id=new",
    permission: "products",
  },
  {
    file: "routes/admin.products.editor.ts",
    method: "POST",
    path: "/admin/products/editor",
    permission: "products",
    json: { intent: "toggle", id: UUID, flag: "isActive", value: false },
  },
  { file: "routes/admin.products.csv.ts", method: "GET", path: "/admin/products/csv", permission: "products" },
  {
    file: "routes/admin.products.csv.ts",
    method: "POST",
    path: "/admin/products/csv",
    permission: "products",
    form: { intent: "preview" },
  },
  { file: "routes/admin.products.groups.ts", method: "GET", path: "/admin/products/groups", permission: "products" },
  {
    file: "routes/admin.products.groups.ts",
    method: "POST",
    path: "/admin/products/groups",
    permission: "products",
    json: { intent: "create", name: "Matrix group", productIds: [] },
  },
  { file: "routes/admin.products.flags.ts", method: "GET", path: "/admin/products/flags", permission: "products" },
  {
    file: "routes/admin.products.flags.ts",
    method: "POST",
    path: "/admin/products/flags",
    permission: "products",
    json: { intent: "bulk", action: "deactivate", ids: [] },
  },
  { file: "routes/admin.products.demo.ts", method: "GET", path: "/admin/products/demo", permission: "products" },
  { file: "routes/admin.products.demo.ts", method: "POST", path: "/admin/products/demo", permission: "products" },
  { file: "routes/admin.products.images.ts", method: "POST", path: "/admin/products/images", permission: "products" },
  {
    file: "routes/admin.discounts.sales.products.ts",
    method: "GET",
    path: "/admin/discounts/sales/products?q=a",
    permission: "discounts",
  },
  { file: "routes/api.notifications.ts", method: "GET", path: "/api/notifications", permission: "notifications" },
  {
    file: "routes/api.notifications.whatsapp.ts",
    method: "POST",
    path: "/api/notifications/whatsapp",
    permission: "notifications",
    json: { orderNumber: ORDER, notificationType: "order_confirmation" },
  },
  {
    file: "routes/api.notifications.email.ts",
    method: "POST",
    path: "/api/notifications/email",
    permission: "notifications",
    json: { orderNumber: ORDER },
  },
  // The console: its own gate (the shared password's pass), or a staff member's session.
  {
    file: "routes/secure-admin.tsx",
    method: "GET",
    path: "/secure-admin.data",
    permission: "home",
    console: true,
    outsiders: "gate",
  },
  {
    file: "routes/secure-admin.dashboard.tsx",
    method: "GET",
    path: "/secure-admin/dashboard.data",
    permission: "orders",
    console: true,
    outsiders: "gate",
  },
  {
    file: "routes/secure-admin.orders.tsx",
    method: "GET",
    path: "/secure-admin/orders.data",
    permission: "orders",
    console: true,
    outsiders: "gate",
  },
  {
    file: "routes/secure-admin.orders.tsx",
    method: "POST",
    path: `/secure-admin/orders?order=${ORDER}`,
    permission: "orders",
    console: true,
    form: { intent: "cancel" },
  },
  {
    file: "routes/secure-admin.products.tsx",
    method: "GET",
    path: "/secure-admin/products.data",
    permission: "products",
    console: true,
    outsiders: "gate",
  },
  {
    file: "routes/secure-admin.products.tsx",
    method: "POST",
    path: "/secure-admin/products",
    permission: "products",
    console: true,
    json: { intent: "toggle", id: UUID, flag: "isActive", value: false },
  },
  {
    file: "routes/secure-admin.whatsapp.tsx",
    method: "GET",
    path: "/secure-admin/whatsapp.data",
    permission: "notifications",
    console: true,
    outsiders: "gate",
  },
  {
    file: "routes/secure-admin.whatsapp.tsx",
    method: "POST",
    path: "/secure-admin/whatsapp",
    permission: "notifications",
    console: true,
    form: { intent: "custom", orderNumber: ORDER, message: "Hello" },
  },
  {
    file: "routes/secure-admin.analytics.tsx",
    method: "GET",
    path: "/secure-admin/analytics.data",
    permission: "analytics",
    console: true,
    outsiders: "gate",
  },
  {
    file: "routes/secure-admin.products.editor.ts",
    method: "GET",
    path: "/secure-admin/products/editor?id=new",
    permission: "products",
    console: true,
  },
  {
    file: "routes/secure-admin.products.images.ts",
    method: "POST",
    path: "/secure-admin/products/images",
    permission: "products",
    console: true,
  },
  {
    file: "routes/secure-admin.test-orders.ts",
    method: "POST",
    path: "/secure-admin/test-orders",
    permission: "testOrders",
    console: true,
    json: {},
  },
];

/**
 * Back-office route files that need no row: /admin's layout (the gate itself: it reads only who is
 * asking, and its action is the shared-password prompt, tested in admin-orders.test.ts), the console's
 * landing page (it redirects to its dashboard, reading nothing), and Twilio's delivery webhook (signed by
 * Twilio, not a person's request).
 */
const NOT_BACK_OFFICE = new Set([
  "routes/admin.tsx",
  "routes/secure-admin._index.tsx",
  "routes/api.notifications.twilio-status.ts",
]);

let server: TestServer;
const cookies = new Map<Who, string>();
let consoleCookie = "";
const db = () => server.services().database.db;

/** The state a refused request must leave as it was: every table a back-office action writes. */
async function fingerprint(): Promise<string> {
  const tables = [
    "products",
    "product_variants",
    "product_groups",
    "orders",
    "order_items",
    "order_notes",
    "discounts",
    "discount_codes",
    "scheduled_sales",
    "size_charts",
    "reviews",
    "returns",
    "shop_settings",
    "staff_invitations",
    "notifications",
  ];
  const present = await queryRows<{ name: string }>(
    db(),
    sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
  );
  const names = new Set(present.map((row) => row.name));
  const parts: string[] = [];
  for (const table of tables.filter((t) => names.has(t))) {
    const [row] = await queryRows<{ digest: string | null; n: number }>(
      db(),
      sql`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::int as n from ${sql.identifier(table)} t`,
    );
    parts.push(`${table}:${row?.n}:${row?.digest}`);
  }
  const roles = await queryRows<{ digest: string }>(
    db(),
    sql`select md5(string_agg(id || role || coalesce(staff_role, ''), '|' order by id)) as digest from "user"`,
  );
  parts.push(`user:${roles[0]?.digest}`);
  return parts.join("\n");
}

function request(probe: Probe, cookie: string): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url, cookie };
  let body: BodyInit | undefined;
  if (probe.method === "POST") {
    if (probe.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(probe.json);
    } else {
      body = new URLSearchParams(probe.form ?? {});
    }
  }
  return fetch(`${server.url}${probe.path}`, { method: probe.method, headers, body, redirect: "manual" });
}

/**
 * Where a response sends the asker: a 302's Location, or the target a `.data` request is told of (React
 * Router's single fetch answers a redirect with a 202 whose body names it); null for no redirect.
 */
function redirectedTo(res: Response, text: string): string | null {
  if (res.status >= 300 && res.status < 400) return res.headers.get("location");
  if (res.status === 202 && text.includes("SingleFetchRedirect")) return /"redirect","([^"]*)"/.exec(text)?.[1] ?? "";
  return null;
}

const roleOf = (who: Who): StaffRole | null =>
  who === "shared password" ? SHARED_ROLE : who === "customer" || who === "visitor" ? null : who;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    SHARED_PASSWORD_ROLE: SHARED_ROLE,
    DEMO_PAYMENTS: "true",
    RATE_LIMIT_IP_MULTIPLIER: "100",
  });
  cookies.set("owner", await signIn(server.url, OWNER.email, OWNER.password));
  for (const role of ["manager", "fulfilment", "catalogue"] as const) {
    const member = await signUp(server, `${role}@example.com`, "Member1234", `${role} member`);
    await db().update(user).set({ role: "admin", staffRole: role }).where(eq(user.id, member.id));
    cookies.set(role, member.cookie);
  }
  cookies.set("customer", (await signUp(server, "customer@example.com")).cookie);
  cookies.set("visitor", "");
  const holder = await signUp(server, "holder@example.com");
  const grant = await fetch(`${server.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: holder.cookie },
    body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
  });
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  cookies.set("shared password", `${holder.cookie}; ${cookieHeader(grant)}`);
  consoleCookie = await consolePass(server.url, SHARED_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

describe(`the back office's authorisation matrix (${databaseKind})`, () => {
  it("has a row for every back-office route file", () => {
    const files = backOfficeRouteFiles();
    const covered = new Set(PROBES.map((probe) => probe.file));
    const missing = files.filter((file) => !covered.has(file) && !NOT_BACK_OFFICE.has(file));
    expect(missing, "back-office routes without a row in the matrix").toEqual([]);
  });

  const everyone: Who[] = ["owner", "manager", "fulfilment", "catalogue", "shared password", "customer", "visitor"];
  for (const who of everyone) {
    it(`${who}: allowed where the role has the area, refused with nothing changed elsewhere`, async () => {
      const role = roleOf(who);
      const problems: string[] = [];
      for (const probe of PROBES) {
        // The console's shared password is its own pass; staff and outsiders come with their sessions.
        const cookie = probe.console && who === "shared password" ? consoleCookie : cookies.get(who)!;
        const allowed = role !== null && can(role, probe.permission);
        const before = allowed || probe.method === "GET" ? null : await fingerprint();
        const res = await request(probe, cookie);
        const status = res.status;
        const text = await res.text();
        const label = `${who}: ${probe.method} ${probe.path} → ${status}`;
        if (allowed) {
          const away = redirectedTo(res, text);
          if (status === 401 || status === 403 || away === "/" || away === "/admin") problems.push(`${label}: refused`);
          continue;
        }
        const outsider = role === null;
        const gated = outsider && probe.outsiders === "gate" && status === 200;
        const sentAway = redirectedTo(res, text) !== null;
        const refused = status === 403 || (outsider && (status === 401 || sentAway)) || gated;
        if (!refused) problems.push(`${label}: not refused (${text.slice(0, 120)})`);
        if (status === 403 && !outsider && !text.includes("Your role")) problems.push(`${label}: no words`);
        if (before !== null && (await fingerprint()) !== before) problems.push(`${label}: changed the database`);
      }
      expect(problems).toEqual([]);
    });
  }
});
