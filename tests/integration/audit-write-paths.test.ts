import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { cellName } from "~/modules/fit/size-chart-form";
import { insertTestProducts } from "../support/catalog-fixtures";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Audit rows for the back office's write paths (issue 32), over HTTP: a table of actions (route, method,
 * intent and body) run in turn, each asserting it wrote exactly its audit rows (action, object) with the
 * right actor: the owner's account, or the shared password with the session that used it.
 */

const OWNER = { email: "owner.paths@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SharedPass123!";

let server: TestServer;
let ownerCookie = "";
let holderCookie = "";
let ownerId = "";
let holderId = "";
const db = () => server.services().database.db;
const state: { orderNumber: string; productIds: string[] } = { orderNumber: "", productIds: [] };

type Body = { json: unknown } | { form: Record<string, string> };
interface Case {
  name: string;
  who: "owner" | "shared";
  path: () => string;
  body: () => Body;
  /** The audit rows it must write: action and object id (undefined: any id). */
  rows: () => Array<{ action: string; objectId?: string }>;
  after?: (answer: Record<string, unknown>) => void;
  setup?: () => Promise<void>;
}

const storeForm = () => {
  const s = DEFAULT_SETTINGS.store;
  return {
    section: "store",
    version: "0",
    name: "Audit & Thread",
    logoUrl: "",
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    returnAddress: s.returnAddress,
    timeZone: s.timeZone,
    announcement: s.announcement,
  };
};

const CASES: Case[] = [
  {
    name: "product flag (toggle)",
    who: "owner",
    setup: async () => {
      const made = await insertTestProducts(db(), [
        { name: "Audit Path Tee", slug: "audit-path-tee", sku: "AUDIT-TEE", priceCents: 2500 },
        { name: "Audit Path Skirt", slug: "audit-path-skirt", sku: "AUDIT-SKIRT", priceCents: 4500 },
      ]);
      state.productIds = made.map((p) => p.id);
    },
    path: () => "/admin/products/flags",
    body: () => ({ json: { intent: "toggle", id: state.productIds[0], flag: "featured", value: true } }),
    rows: () => [{ action: "product.flag", objectId: state.productIds[0] }],
  },
  {
    name: "products bulk (deactivate two)",
    who: "shared",
    path: () => "/admin/products/flags",
    body: () => ({ json: { intent: "bulk", action: "deactivate", target: { ids: state.productIds } } }),
    rows: () => state.productIds.map((id) => ({ action: "product.bulk", objectId: id })),
  },
  {
    name: "product duplicate (editor)",
    who: "owner",
    path: () => "/admin/products/editor",
    body: () => ({ json: { intent: "duplicate", productId: state.productIds[0] } }),
    rows: () => [{ action: "product.duplicate" }],
  },
  {
    name: "test order (create)",
    who: "owner",
    path: () => "/admin/test-orders",
    body: () => ({ json: { intent: "create" } }),
    rows: () => [{ action: "order.test", objectId: state.orderNumber }],
    after: (answer) => {
      state.orderNumber = String(answer.orderNumber);
    },
  },
  {
    name: "test order (mark paid)",
    who: "owner",
    path: () => "/admin/test-orders",
    body: () => ({ json: { intent: "markPaid" } }),
    rows: () => [{ action: "order.mark-paid", objectId: state.orderNumber }],
  },
  {
    name: "order ship",
    who: "shared",
    path: () => `/admin/orders/${state.orderNumber}`,
    body: () => ({ form: { intent: "ship", trackingNumber: "1Z999AUDIT", carrier: "UPS" } }),
    rows: () => [{ action: "order.ship", objectId: state.orderNumber }],
  },
  {
    name: "order note",
    who: "owner",
    path: () => `/admin/orders/${state.orderNumber}`,
    body: () => ({ form: { intent: "note", body: "Leave at the back door." } }),
    rows: () => [{ action: "order.note", objectId: state.orderNumber }],
  },
  {
    name: "order deliver",
    who: "shared",
    path: () => `/admin/orders/${state.orderNumber}`,
    body: () => ({ form: { intent: "deliver" } }),
    rows: () => [{ action: "order.deliver", objectId: state.orderNumber }],
  },
  {
    name: "order e-mail sent by hand",
    who: "shared",
    path: () => "/api/notifications/email",
    body: () => ({ json: { orderNumber: state.orderNumber, notificationType: "order_confirmation" } }),
    rows: () => [{ action: "notification.email" }],
  },
  {
    name: "size chart (create)",
    who: "shared",
    path: () => "/admin/size-charts/new",
    body: () => ({
      form: {
        intent: "save",
        name: "Audit Chart",
        howToMeasure: "",
        measurement: "chest",
        size: "S",
        [cellName(0, 0)]: "90",
      },
    }),
    rows: () => [{ action: "size-chart.create" }],
  },
  {
    name: "discount (create)",
    who: "owner",
    path: () => "/admin/discounts/new",
    body: () => ({
      form: {
        intent: "save",
        title: "Audit sale",
        method: "code",
        code: "AUDIT20",
        valueType: "percentage",
        percentOff: "20",
        amountOff: "",
        shippingRates: "standard",
        appliesTo: "order",
        minSubtotal: "",
        minQuantity: "",
        startsAt: "2026-06-01T09:00",
        endsAt: "",
        usageLimit: "",
        perCustomerLimit: "",
        codeUsageLimit: "",
      },
    }),
    rows: () => [{ action: "discount.create" }],
  },
  {
    name: "staff (invite)",
    who: "owner",
    path: () => "/admin/staff",
    body: () => ({ form: { intent: "invite", email: "audit.invitee@example.com", role: "fulfilment" } }),
    rows: () => [{ action: "staff.invite" }],
  },
  {
    name: "settings (store)",
    who: "owner",
    path: () => "/admin/settings",
    body: () => ({ form: storeForm() }),
    rows: () => [{ action: "settings.update", objectId: "store" }],
  },
];

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
  });
  ownerCookie = await signIn(server.url, OWNER.email, OWNER.password);
  const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, OWNER.email));
  ownerId = owner!.id;
  const holder = await signUp(server, "paths.holder@example.com");
  holderId = holder.id;
  const grant = await fetch(`${server.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: holder.cookie },
    body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
  });
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  holderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function lastId(): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(db(), sql`select max(id)::text as id from audit_log`);
  return Number(row!.id ?? 0);
}

describe(`every back-office write path writes its audit rows (${databaseKind})`, () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    await c.setup?.();
    const before = await lastId();
    const body = c.body();
    const cookie = c.who === "owner" ? ownerCookie : holderCookie;
    const res = await fetch(`${server.url}${c.path()}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie,
        ...("json" in body ? { "content-type": "application/json" } : {}),
      },
      body: "json" in body ? JSON.stringify(body.json) : new URLSearchParams(body.form),
    });
    const text = await res.text();
    expect([200, 201], `${c.name}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status);
    const answer = (() => {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return {};
      }
    })();
    c.after?.(answer);
    const rows = await queryRows<{
      action: string;
      object_id: string;
      actor_kind: string;
      actor_id: string;
      actor_name: string;
      actor_session: string | null;
    }>(
      db(),
      sql`select action, object_id, actor_kind, actor_id, actor_name, actor_session
            from audit_log where id > ${before} order by id`,
    );
    const expected = c.rows();
    expect(rows.map((r) => r.action).sort(), c.name).toEqual(expected.map((r) => r.action).sort());
    for (const want of expected.filter((r) => r.objectId !== undefined))
      expect(
        rows.some((r) => r.action === want.action && r.object_id === want.objectId),
        `${c.name} ${want.action} ${want.objectId}`,
      ).toBe(true);
    for (const row of rows) {
      if (c.who === "owner") {
        expect(row).toMatchObject({ actor_kind: "member", actor_id: ownerId, actor_session: null });
      } else {
        expect(row).toMatchObject({ actor_kind: "shared-password", actor_id: holderId, actor_name: "Shared password" });
        expect(row.actor_session).toMatch(/\S{8,}/);
      }
    }
  });

  it("shows the shared password's entries as 'Shared password' with their session on /admin/audit", async () => {
    const html = await (
      await fetch(`${server.url}/admin/audit?actor=shared-password`, { headers: { cookie: ownerCookie } })
    ).text();
    expect(html).toContain("Shipped order");
    expect(html).toContain("Shared password");
    expect(html).toMatch(/session \S{8} · paths\.holder@example\.com/);
  });
});
