import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  discounts,
  orderItems,
  orders,
  reviews,
  scheduledSales,
  sizeCharts,
  staffInvitations,
  user,
} from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { cellName } from "~/modules/fit/size-chart-form";
import { newProductValues } from "~/modules/product-admin/product-form";
import { toZonedInput } from "~/modules/promotions/scheduled-sale-rules";
import { insertTestProducts } from "../support/catalog-fixtures";
import { testAddress } from "../support/fixtures";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  type FakeTwilio,
} from "../support/fake-twilio";
import { consolePass, cookieHeader, signIn, signUp } from "../support/sessions";
import { backOfficeRouteFiles } from "../support/back-office-routes";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Audit rows for the back office's write paths (issue 32), over HTTP: a table of actions (route, method,
 * intent and body) run in turn, each asserting it wrote exactly its audit rows (action, object) with the
 * right actor: the owner's account, the shared password with the session that used it, or the console's
 * pass. The first test reads the route table: a back-office route file with an action and no row here
 * (nor a reason below why it writes nothing to audit) fails it.
 */

const OWNER = { email: "owner.paths@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SharedPass123!";
const TIME_ZONE = DEFAULT_SETTINGS.store.timeZone;

/**
 * Back-office route files whose action writes nothing the audit trail records, and why. Every other
 * back-office route file with an action needs a row in CASES.
 */
const WRITES_NOTHING_AUDITED: Record<string, string> = {
  "routes/admin.tsx": "the shared password's grant: a session gains its role; every write made with it is recorded",
  "routes/admin.products.images.ts": "stores an uploaded photo and answers its address; the product's save is recorded",
  "routes/secure-admin.products.images.ts": "the console's photo upload: as /admin/products/images",
  "routes/secure-admin.dashboard.tsx": "the console's Login and Logout only",
  "routes/secure-admin.analytics.tsx": "the console's Login and Logout only",
  "routes/api.notifications.twilio-status.ts": "Twilio's delivery callbacks, signed by Twilio: no one of the staff",
};

let server: TestServer;
let twilio: FakeTwilio;
let ownerCookie = "";
let holderCookie = "";
let consoleCookie = "";
let ownerId = "";
let holderId = "";
const db = () => server.services().database.db;

/** What the cases make and later cases act on. */
const state = {
  productIds: [] as string[],
  created: null as null | { id: string; version: string; values: Record<string, unknown> },
  groupId: "",
  csvToken: "",
  orderNumber: "",
  consoleOrderNumber: "",
  rma: "",
  draftId: "",
  chartId: "",
  discountId: "",
  saleId: "",
  reviewId: "",
  memberId: "",
};

type Who = "owner" | "shared" | "console";
type Body = { json: unknown } | { form: Record<string, string> } | { raw: string; type: string } | { none: true };
interface Answer {
  json: Record<string, unknown>;
  location: string | null;
}
interface Case {
  name: string;
  /** The route file that answers (the first test checks every back-office action has a row). */
  file: string;
  who: Who;
  path: () => string;
  body: () => Body;
  /** The audit rows it must write: action and object id (undefined: any id). */
  rows: (answer: Answer) => Array<{ action: string; objectId?: string }>;
  after?: (answer: Answer) => void | Promise<void>;
  setup?: () => Promise<void>;
}

const one = (action: string, objectId?: string) => [{ action, objectId }];

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

const discountForm = () => ({
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
});

/** A variant with stock, of an active demo product (the draft's line). */
async function variantInStock(): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`select v.id from product_variants v join products p on p.id = v.product_id
         where p.is_active and v.stock >= 5 order by p.name, v.size limit 1`,
  );
  return row!.id;
}

const inDays = (days: number) => toZonedInput(new Date(Date.now() + days * 86_400_000), TIME_ZONE);

const CASES: Case[] = [
  // — Products —
  {
    name: "demo products (loaded into the empty catalogue)",
    file: "routes/admin.products.demo.ts",
    who: "owner",
    path: () => "/admin/products/demo",
    body: () => ({ none: true }),
    rows: ({ json }) => Array.from({ length: Number(json.products) }, () => ({ action: "product.create" })),
    after: ({ json }) => expect(Number(json.products)).toBeGreaterThan(10),
  },
  {
    name: "product flag (toggle)",
    file: "routes/admin.products.flags.ts",
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
    rows: () => one("product.flag", state.productIds[0]),
  },
  {
    name: "products bulk (deactivate two)",
    file: "routes/admin.products.flags.ts",
    who: "shared",
    path: () => "/admin/products/flags",
    body: () => ({ json: { intent: "bulk", action: "deactivate", target: { ids: state.productIds } } }),
    rows: () => state.productIds.map((id) => ({ action: "product.bulk", objectId: id })),
  },
  {
    name: "product duplicate (editor)",
    file: "routes/admin.products.editor.ts",
    who: "owner",
    path: () => "/admin/products/editor",
    body: () => ({ json: { intent: "duplicate", productId: state.productIds[0] } }),
    rows: () => one("product.duplicate"),
  },
  {
    name: "product create (editor)",
    file: "routes/admin.products.editor.ts",
    who: "shared",
    path: () => "/admin/products/editor",
    body: () => ({ json: { intent: "save", target: "new", values: state.created!.values } }),
    setup: async () => {
      const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
      state.created = {
        id: "",
        version: "",
        values: {
          ...newProductValues(),
          name: "Audit Path Coat",
          slug: "audit-path-coat",
          price: "120.00",
          sku: "AUDIT-COAT",
          inventory: "4",
          sizes: ["M"],
          colors: ["Black"],
          categoryId: category!.id,
        },
      };
    },
    rows: () => one("product.create"),
    after: ({ json }) => {
      const product = json.product as { id: string; version: string; values: Record<string, unknown> };
      state.created = { id: product.id, version: product.version, values: product.values };
    },
  },
  {
    name: "product update (the console's editor)",
    file: "routes/secure-admin.products.tsx",
    who: "console",
    path: () => "/secure-admin/products",
    body: () => ({
      json: {
        intent: "save",
        target: state.created!.id,
        values: { ...state.created!.values, name: "Audit Path Long Coat" },
        version: state.created!.version,
      },
    }),
    rows: () => one("product.update", state.created!.id),
  },
  {
    name: "product group (create)",
    file: "routes/admin.products.groups.ts",
    who: "owner",
    path: () => "/admin/products/groups",
    body: () => ({
      form: { intent: "create", name: "Audit pair", description: "", productIds: state.productIds.join(",") },
    }),
    rows: ({ json }) => [
      { action: "group.create", objectId: String(json.groupId) },
      ...state.productIds.map((id) => ({ action: "product.group", objectId: id })),
    ],
    after: ({ json }) => {
      state.groupId = String(json.groupId);
    },
  },
  {
    name: "product group (delete)",
    file: "routes/admin.products.groups.ts",
    who: "shared",
    path: () => "/admin/products/groups",
    body: () => ({ form: { intent: "delete", groupId: state.groupId } }),
    rows: () => [
      { action: "group.delete", objectId: state.groupId },
      ...state.productIds.map((id) => ({ action: "product.group", objectId: id })),
    ],
  },
  {
    name: "product CSV (import, after its preview)",
    file: "routes/admin.products.csv.ts",
    who: "owner",
    setup: async () => {
      const res = await fetch(`${server.url}/admin/products/csv?intent=preview`, {
        method: "POST",
        headers: { cookie: ownerCookie, origin: server.url, "content-type": "text/csv" },
        body: CSV,
      });
      const answer = (await res.json()) as { plan?: { token?: string } };
      expect(answer.plan?.token, JSON.stringify(answer)).toBeTruthy();
      state.csvToken = answer.plan!.token!;
    },
    path: () => `/admin/products/csv?intent=import&token=${encodeURIComponent(state.csvToken)}`,
    body: () => ({ raw: CSV, type: "text/csv" }),
    rows: () => one("product.import", state.created!.id),
  },
  {
    name: "size chart (create)",
    file: "routes/admin.size-charts.editor.tsx",
    who: "shared",
    path: () => "/admin/size-charts/new",
    body: () => ({ form: chartForm("Audit Chart", "90") }),
    rows: () => one("size-chart.create"),
    after: async () => {
      const [chart] = await db().select().from(sizeCharts).where(eq(sizeCharts.name, "Audit Chart"));
      state.chartId = chart!.id;
    },
  },
  {
    name: "size chart (update)",
    file: "routes/admin.size-charts.editor.tsx",
    who: "owner",
    path: () => `/admin/size-charts/${state.chartId}`,
    body: () => ({ form: chartForm("Audit Chart", "92") }),
    setup: async () => {
      const [chart] = await db().select().from(sizeCharts).where(eq(sizeCharts.id, state.chartId));
      chartVersion = String(chart!.version);
    },
    rows: () => one("size-chart.update", state.chartId),
  },
  {
    name: "size chart (delete)",
    file: "routes/admin.size-charts.editor.tsx",
    who: "owner",
    path: () => `/admin/size-charts/${state.chartId}`,
    body: () => ({ form: { intent: "delete", inUse: "0" } }),
    rows: () => one("size-chart.delete", state.chartId),
  },

  // — Orders —
  {
    name: "test order (create)",
    file: "routes/admin.test-orders.ts",
    who: "owner",
    path: () => "/admin/test-orders",
    body: () => ({ json: { intent: "create" } }),
    rows: ({ json }) => one("order.test", String(json.orderNumber)),
    after: ({ json }) => {
      state.orderNumber = String(json.orderNumber);
    },
  },
  {
    name: "test order (mark paid)",
    file: "routes/admin.test-orders.ts",
    who: "owner",
    path: () => "/admin/test-orders",
    body: () => ({ json: { intent: "markPaid" } }),
    rows: () => one("order.mark-paid", state.orderNumber),
  },
  {
    name: "order ship",
    file: "routes/admin.orders.order.tsx",
    who: "shared",
    path: () => `/admin/orders/${state.orderNumber}`,
    body: () => ({ form: { intent: "ship", trackingNumber: "1Z999AUDIT", carrier: "UPS" } }),
    rows: () => one("order.ship", state.orderNumber),
  },
  {
    name: "order note",
    file: "routes/admin.orders.order.tsx",
    who: "owner",
    path: () => `/admin/orders/${state.orderNumber}`,
    body: () => ({ form: { intent: "note", body: "Leave at the back door." } }),
    rows: () => one("order.note", state.orderNumber),
  },
  {
    name: "order deliver",
    file: "routes/admin.orders.order.tsx",
    who: "shared",
    path: () => `/admin/orders/${state.orderNumber}`,
    body: () => ({ form: { intent: "deliver" } }),
    rows: () => one("order.deliver", state.orderNumber),
  },
  {
    name: "order e-mail sent by hand",
    file: "routes/api.notifications.email.ts",
    who: "shared",
    path: () => "/api/notifications/email",
    body: () => ({ json: { orderNumber: state.orderNumber, notificationType: "order_confirmation" } }),
    rows: () => one("notification.email"),
  },
  {
    name: "order WhatsApp sent by hand",
    file: "routes/api.notifications.whatsapp.ts",
    who: "owner",
    setup: async () => {
      // A test order carries a made-up phone; WhatsApp needs one Twilio would take.
      await db().execute(
        sql`update orders set shipping_address = jsonb_set(shipping_address, '{phone}', '"+14155550123"')
             where order_number = ${state.orderNumber}`,
      );
    },
    path: () => "/api/notifications/whatsapp",
    body: () => ({ json: { orderNumber: state.orderNumber, notificationType: "order_confirmation" } }),
    rows: () => one("notification.whatsapp"),
  },
  {
    name: "a WhatsApp message written in the console",
    file: "routes/secure-admin.whatsapp.tsx",
    who: "console",
    path: () => "/secure-admin/whatsapp.data",
    body: () => ({
      form: {
        intent: "notify-whatsapp",
        orderNumber: state.orderNumber,
        customMessage: "Your parcel is at the door.",
        phoneNumber: "+14155550123",
      },
    }),
    rows: () => one("notification.whatsapp"),
  },
  {
    name: "return (approve)",
    file: "routes/admin.returns.return.tsx",
    who: "shared",
    setup: async () => {
      const [item] = await db()
        .select({ id: orderItems.id })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.orderNumber, state.orderNumber))
        .limit(1);
      const asked = await server.services().returns.request({
        orderNumber: state.orderNumber,
        userId: ownerId,
        lines: [{ orderItemId: item!.id, quantity: 1, reason: "too_small", resolution: "refund" }],
      });
      state.rma = asked.rmaNumber;
    },
    path: () => `/admin/returns/${state.rma}`,
    body: () => ({ form: { intent: "approve" } }),
    rows: () => one("return.approved", state.rma),
  },
  {
    name: "console test order (create)",
    file: "routes/secure-admin.test-orders.ts",
    who: "console",
    path: () => "/secure-admin/test-orders",
    body: () => ({ json: { intent: "create" } }),
    rows: ({ json }) => one("order.test", String(json.orderNumber)),
    after: ({ json }) => {
      state.consoleOrderNumber = String(json.orderNumber);
    },
  },
  {
    name: "order cancel (the console's orders)",
    file: "routes/secure-admin.orders.tsx",
    who: "console",
    path: () => `/secure-admin/orders?order=${state.consoleOrderNumber}`,
    body: () => ({ form: { intent: "cancel" } }),
    rows: () => one("order.cancel", state.consoleOrderNumber),
  },
  {
    name: "draft order (create)",
    file: "routes/admin.orders.drafts.draft.tsx",
    who: "owner",
    path: () => "/admin/orders/drafts/new",
    body: () => ({ form: { intent: "save", payload: JSON.stringify(draftPayload) } }),
    setup: async () => {
      draftPayload.lines[0]!.variantId = await variantInStock();
    },
    rows: () => one("draft-order.created"),
    after: ({ location }) => {
      state.draftId = /\/admin\/orders\/drafts\/([0-9a-f-]{36})$/.exec(location ?? "")?.[1] ?? "";
      expect(state.draftId, String(location)).not.toBe("");
    },
  },
  {
    name: "draft order (send its link)",
    file: "routes/admin.orders.drafts.draft.tsx",
    who: "shared",
    path: () => `/admin/orders/drafts/${state.draftId}`,
    body: () => ({ form: { intent: "send" } }),
    rows: () => one("draft-order.link_sent", state.draftId),
  },
  {
    name: "draft order (cancel)",
    file: "routes/admin.orders.drafts.draft.tsx",
    who: "owner",
    path: () => `/admin/orders/drafts/${state.draftId}`,
    body: () => ({ form: { intent: "cancel" } }),
    rows: () => one("draft-order.cancelled", state.draftId),
  },

  // — Discounts and sales —
  {
    name: "discount (create)",
    file: "routes/admin.discounts.editor.tsx",
    who: "owner",
    path: () => "/admin/discounts/new",
    body: () => ({ form: discountForm() }),
    rows: () => one("discount.create"),
    after: async () => {
      const [made] = await db().select().from(discounts).where(eq(discounts.title, "Audit sale"));
      state.discountId = made!.id;
    },
  },
  {
    name: "discount (codes generated)",
    file: "routes/admin.discounts.editor.tsx",
    who: "shared",
    path: () => `/admin/discounts/${state.discountId}`,
    body: () => ({ form: { intent: "generate-codes", count: "3", prefix: "AUDIT", singleUse: "on" } }),
    rows: () => one("discount.codes", state.discountId),
  },
  {
    name: "discount (disable)",
    file: "routes/admin.discounts.editor.tsx",
    who: "owner",
    path: () => `/admin/discounts/${state.discountId}`,
    body: () => ({ form: { intent: "disable" } }),
    rows: () => one("discount.disable", state.discountId),
  },
  {
    name: "discount (delete)",
    file: "routes/admin.discounts.editor.tsx",
    who: "owner",
    path: () => `/admin/discounts/${state.discountId}`,
    body: () => ({ form: { intent: "delete" } }),
    rows: () => one("discount.delete", state.discountId),
  },
  {
    name: "scheduled sale (create)",
    file: "routes/admin.discounts.sales.tsx",
    who: "shared",
    path: () => "/admin/discounts/sales",
    body: () => ({
      form: {
        intent: "create",
        title: "Audit weekend",
        percentOff: "15",
        categoryIds: "",
        productIds: state.created!.id,
        startsAt: inDays(10),
        endsAt: inDays(12),
      },
    }),
    rows: () => one("sale.create"),
    after: async () => {
      const [sale] = await db().select().from(scheduledSales).where(eq(scheduledSales.title, "Audit weekend"));
      state.saleId = sale!.id;
    },
  },
  {
    name: "scheduled sale (disable)",
    file: "routes/admin.discounts.sales.tsx",
    who: "owner",
    path: () => "/admin/discounts/sales",
    body: () => ({ form: { intent: "disable", id: state.saleId } }),
    rows: () => one("sale.disable", state.saleId),
  },
  {
    name: "scheduled sale (delete)",
    file: "routes/admin.discounts.sales.tsx",
    who: "owner",
    path: () => "/admin/discounts/sales",
    body: () => ({ form: { intent: "delete", id: state.saleId } }),
    rows: () => one("sale.delete", state.saleId),
  },

  // — Reviews —
  {
    name: "review (hide)",
    file: "routes/admin.reviews.tsx",
    who: "shared",
    setup: async () => {
      const [review] = await db()
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.status, "published"))
        .limit(1);
      state.reviewId = review!.id;
    },
    path: () => "/admin/reviews",
    body: () => ({ form: { intent: "hide", reviewId: state.reviewId, reason: "Names another shop" } }),
    rows: () => one("review.hide", state.reviewId),
  },
  {
    name: "review (reply)",
    file: "routes/admin.reviews.tsx",
    who: "owner",
    path: () => "/admin/reviews",
    body: () => ({ form: { intent: "reply", reviewId: state.reviewId, reply: "Thank you for telling us." } }),
    rows: () => one("review.reply", state.reviewId),
  },
  {
    name: "review (publish)",
    file: "routes/admin.reviews.tsx",
    who: "owner",
    path: () => "/admin/reviews",
    body: () => ({ form: { intent: "publish", reviewId: state.reviewId } }),
    rows: () => one("review.publish", state.reviewId),
  },

  // — Staff and settings —
  {
    name: "staff (invite)",
    file: "routes/admin.staff.tsx",
    who: "owner",
    path: () => "/admin/staff",
    body: () => ({ form: { intent: "invite", email: "audit.invitee@example.com", role: "fulfilment" } }),
    rows: () => one("staff.invite"),
  },
  {
    name: "staff (withdraw the invitation)",
    file: "routes/admin.staff.tsx",
    who: "owner",
    path: () => "/admin/staff",
    body: () => ({ form: { intent: "revoke", invitationId: invitationId } }),
    setup: async () => {
      const [invitation] = await db()
        .select({ id: staffInvitations.id })
        .from(staffInvitations)
        .where(eq(staffInvitations.email, "audit.invitee@example.com"));
      invitationId = invitation!.id;
    },
    rows: () => one("staff.revoke-invitation"),
  },
  {
    name: "staff (change a member's role)",
    file: "routes/admin.staff.tsx",
    who: "owner",
    setup: async () => {
      const member = await signUp(server, "audit.member@example.com");
      state.memberId = member.id;
      await db().update(user).set({ role: "admin", staffRole: "catalogue" }).where(eq(user.id, member.id));
    },
    path: () => "/admin/staff",
    body: () => ({ form: { intent: "change-role", userId: state.memberId, role: "fulfilment" } }),
    rows: () => one("staff.change-role", state.memberId),
  },
  {
    name: "staff (remove a member)",
    file: "routes/admin.staff.tsx",
    who: "owner",
    path: () => "/admin/staff",
    body: () => ({ form: { intent: "remove", userId: state.memberId } }),
    rows: () => one("staff.remove", state.memberId),
  },
  {
    name: "settings (store)",
    file: "routes/admin.settings.tsx",
    who: "owner",
    path: () => "/admin/settings",
    body: () => ({ form: storeForm() }),
    rows: () => one("settings.update", "store"),
  },
];

/** Stock of the coat the editor case made: a one-row import (variant by size), recorded as an import. */
const CSV = "slug,size,variant_sku,stock\naudit-path-coat,M,,9\n";
let chartVersion = "";
let invitationId = "";
const draftPayload = {
  address: { ...testAddress, email: "maya.audit@example.com", apartment: "" },
  shippingMethod: "standard",
  shippingCustom: "",
  discountKind: "none",
  discountValue: "",
  discountReason: "",
  note: "",
  lines: [{ variantId: "", quantity: "1", unitPrice: "", reason: "" }],
};

function chartForm(name: string, chest: string): Record<string, string> {
  return {
    intent: "save",
    name,
    howToMeasure: "",
    measurement: "chest",
    size: "S",
    [cellName(0, 0)]: chest,
    ...(chartVersion ? { version: chartVersion } : {}),
  };
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  server = await startTestServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    SEED_DEMO_CATALOG: "false",
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
    TWILIO_WHATSAPP_FROM: `whatsapp:${FAKE_TWILIO_FROM}`,
    TWILIO_API_BASE: twilio.url,
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
  consoleCookie = await consolePass(server.url, SHARED_PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

async function lastId(): Promise<number> {
  const [row] = await queryRows<{ id: string | null }>(db(), sql`select max(id)::text as id from audit_log`);
  return Number(row!.id ?? 0);
}

function send(c: Case): Promise<Response> {
  const body = c.body();
  const cookie = { owner: ownerCookie, shared: holderCookie, console: consoleCookie }[c.who];
  const headers: Record<string, string> = { origin: server.url, cookie };
  let payload: BodyInit | undefined;
  if ("json" in body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if ("form" in body) {
    payload = new URLSearchParams(body.form);
  } else if ("raw" in body) {
    headers["content-type"] = body.type;
    payload = body.raw;
  }
  return fetch(`${server.url}${c.path()}`, { method: "POST", redirect: "manual", headers, body: payload });
}

describe(`every back-office write path writes its audit rows (${databaseKind})`, () => {
  it("has a row for every back-office route file with an action, or a reason it records nothing", async () => {
    const { readFile } = await import("node:fs/promises");
    const files = backOfficeRouteFiles();
    const withAction: string[] = [];
    for (const file of files) {
      const source = await readFile(new URL(`../../app/${file}`, import.meta.url), "utf8");
      if (/export (async function|const|function) action\b/.test(source)) withAction.push(file);
    }
    expect(withAction.length).toBeGreaterThan(15);
    const covered = new Set(CASES.map((c) => c.file));
    const missing = withAction.filter((file) => !covered.has(file) && !(file in WRITES_NOTHING_AUDITED));
    expect(missing, "back-office actions without a row in the write-path table").toEqual([]);
    for (const file of [...covered, ...Object.keys(WRITES_NOTHING_AUDITED)])
      expect(withAction, `${file} has no action`).toContain(file);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    await c.setup?.();
    const before = await lastId();
    const res = await send(c);
    const text = await res.text();
    expect([200, 201, 302, 303], `${c.name}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status);
    const answer: Answer = {
      json: (() => {
        try {
          return JSON.parse(text) as Record<string, unknown>;
        } catch {
          return {};
        }
      })(),
      location: res.headers.get("location"),
    };
    await c.after?.(answer);
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
    const expected = c.rows(answer);
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
        // The shared password: through a signed-in session (its holder) or the console's pass (the
        // shop's admin account, since the pass has no account); either way the session that was used.
        const id = c.who === "shared" ? holderId : ownerId;
        expect(row).toMatchObject({ actor_kind: "shared-password", actor_id: id, actor_name: "Shared password" });
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
