import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { sql } from "drizzle-orm";
import { EventBus } from "../../app/lib/events.server";
import { openDatabase, queryRows, type Db } from "../../app/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "../../app/modules/catalog/seed.server";
import { moveOrder } from "../../app/modules/orders/order-fulfilment.server";
import { markOrderPaid } from "../../app/modules/orders/order-payment.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createReturnStore } from "../../app/modules/returns/return-store.server";
import { e2eAdmin } from "../../playwright.config";
import { testAddress, testLimits } from "../support/fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * The owner's returns in the browser (issue 30): the returns list filtered by status and searched by
 * e-mail and RMA number, a return opened from it and refused with a reason by keyboard alone — the dialog
 * keeps focus inside, closes on Escape, and asks for the reason before it lets the refusal through.
 *
 * The shopper's request pages are another part of the issue: the returns are asked for through the
 * returns store, on a database of this test's own, before its store starts (like product-reviews.spec.ts).
 */

let store: ChildProcess | undefined;
let dataDir = "";
let base = "";
const rma = { ada: "", adaApproved: "", bo: "" };

test.describe.configure({ mode: "serial" });

/** A delivered order of `userId` for one unit of a product in stock, and its line. */
async function deliveredOrder(db: Db, events: EventBus, userId: string, email: string, n: number) {
  const [variant] = await queryRows<{ product_id: string; size: string; color: string }>(
    db,
    sql`select v.product_id, v.size, v.color from product_variants v join products p on p.id = v.product_id
         where p.is_active and v.stock > 5 and v.size <> '' order by p.slug, v.position limit 1`,
  );
  const placed = await placeOrder(db, {
    userId,
    idempotencyKey: `e2e-admin-returns-${n}`,
    lines: [{ productId: variant!.product_id, size: variant!.size, color: variant!.color || null, quantity: 1 }],
    shippingAddress: { ...testAddress, email },
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
  await markOrderPaid(db, events, { orderId: placed.id, paymentMethod: "demo" });
  const actor = testStaff("Test setup");
  const fulfilment = { db, events, paypal: undefined };
  await moveOrder(fulfilment, { orderId: placed.id, move: "ship", actor, trackingNumber: "1Z1", carrier: "UPS" });
  await moveOrder(fulfilment, { orderId: placed.id, move: "deliver", actor });
  const [line] = await queryRows<{ id: string }>(db, sql`select id from order_items where order_id = ${placed.id}`);
  return { orderNumber: placed.orderNumber, lineId: line!.id };
}

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + (testInfo.project.name === "mobile" ? 33 : 32);
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-e2e-returns-"));
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    await seedDemoCatalogIfEmpty(db);
    await ensureTestStaff(db);
    await db.execute(sql`insert into "user" (id, name, email) values
      ('e2e-ada', 'Ada Lovelace', 'ada.returns@example.com'), ('e2e-bo', 'Bo Diddley', 'bo.returns@example.com')`);
    const events = new EventBus();
    const returns = createReturnStore({ db, events, paypal: undefined, windowDays: async () => 30 });
    const ask = async (userId: string, email: string, n: number, note: string) => {
      const order = await deliveredOrder(db, events, userId, email, n);
      const asked = await returns.request({
        orderNumber: order.orderNumber,
        userId,
        lines: [{ orderItemId: order.lineId, quantity: 1, reason: "other", note, resolution: "refund" }],
      });
      return asked;
    };
    rma.ada = (await ask("e2e-ada", "ada.returns@example.com", 1, "Worn once, the seams are loose")).rmaNumber;
    const approved = await ask("e2e-ada", "ada.returns@example.com", 2, "Not my colour");
    await returns.move({ returnId: approved.id, move: "approve", actor: testStaff("Owner") });
    rma.adaApproved = approved.rmaNumber;
    rma.bo = (await ask("e2e-bo", "bo.returns@example.com", 3, "Too long")).rmaNumber;
  } finally {
    await database.close();
  }
  store = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      NODE_ENV: "test",
      PAGE_CACHE_SECONDS: "5",
      RATE_LIMIT_IP_MULTIPLIER: "100",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the returns store did not start");
});

test.afterAll(async () => {
  if (store && store.exitCode === null) {
    const exited = new Promise((r) => store!.once("exit", r));
    store.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInAdmin(page: Page) {
  const res = await page.request.post(`${base}/login`, {
    form: { email: e2eAdmin.email, password: e2eAdmin.password },
    headers: { origin: base },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

test("the owner filters the returns, opens one and refuses it with a reason, by keyboard", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  await openHydrated(page, `${base}/admin/returns`);
  await expect(page.getByRole("heading", { name: "Returns", level: 1 })).toBeVisible();
  const rows = page.getByTestId("return-row");
  await expect(rows).toHaveCount(3);
  // The sidebar says how many wait for a decision.
  await expect(page.getByRole("link", { name: /^Returns \(2 requested\)$/ }).first()).toBeAttached();
  await expectNoAxeViolations(page, "/admin/returns");

  // By status: the approved one alone.
  await page.getByLabel("Status").selectOption("approved");
  await expect(page).toHaveURL(`${base}/admin/returns?status=approved`);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(rma.adaApproved);
  await page.getByLabel("Status").selectOption("");
  await expect(rows).toHaveCount(3);

  // By e-mail prefix, then by RMA number.
  await page.getByLabel("Search returns").fill("BO.ret");
  await page.getByLabel("Search returns").press("Enter");
  await expect(page).toHaveURL(`${base}/admin/returns?q=BO.ret`);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(rma.bo);
  await page.getByLabel("Search returns").fill(rma.ada.toLowerCase());
  await page.getByLabel("Search returns").press("Enter");
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: rma.ada }).click();

  await expect(page).toHaveURL(`${base}/admin/returns/${rma.ada}`);
  await expect(page.getByRole("heading", { name: `Return ${rma.ada}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Worn once, the seams are loose");
  await expectNoAxeViolations(page, "/admin/returns/:rmaNumber");

  // The keyboard alone: open the dialog, Escape closes it and gives focus back.
  const refuse = page.getByRole("button", { name: "Refuse return" });
  await refuse.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Refuse this return?" });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel("Reason (shown to the shopper)");
  await expect(reason).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Refused:")).toHaveCount(0);

  await refuse.focus();
  await page.keyboard.press("Enter");
  await expect(reason).toBeFocused();
  // Focus stays inside: reason → Keep return → Refuse return → the reason again.
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Keep return" })).toBeFocused();
  await page.keyboard.press("Tab");
  const submit = dialog.getByRole("button", { name: "Refuse return" });
  await expect(submit).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(reason).toBeFocused();

  // Without a reason the refusal is not sent.
  await page.keyboard.press("Shift+Tab");
  await expect(submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Say why the return is refused: the shopper will see it")).toBeVisible();
  await expect(reason).toBeFocused();

  await page.keyboard.type("The item was worn: we cannot take it back.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `Return ${rma.ada} refused` })).toBeVisible();
  await expect(page.getByRole("main").getByText("Refused", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("main")).toContainText("The item was worn: we cannot take it back.");
  await expect(page.getByText("No further action is possible for this return.")).toBeVisible();
});
