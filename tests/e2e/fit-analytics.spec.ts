import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { sql } from "drizzle-orm";
import { insertReviews, type NewReview } from "../../app/modules/reviews/review-store.server";
import type { Services } from "../../app/services.server";
import type { RunningServer } from "../../server/app";
import { signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * The owner sees fit (issue 29) in the browser, on both faces of the back office: Analytics' "Size and
 * fit" flags a product whose buyers say it runs small, first in the table, and opens it to its sizes by
 * keyboard; axe finds nothing serious. Reviews can only be written through the shop's one write path
 * (insertReviews), which needs the database: this file runs a server of its own (the production bundle,
 * on a fresh embedded database), as the HTTP integration tests do, instead of the suite's shared one.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "fit-owner@example.com", password: "FitOwnerPass1" };
const SHARED_PASSWORD = "Fit-Console-Pass-7";
let running: RunningServer;
let url = "";
let dataDir = "";
let productName = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-fit-e2e-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const bundle = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    start(options: { env: Record<string, string>; quiet?: boolean }): Promise<RunningServer>;
    services(): Services;
  };
  running = await bundle.start({
    quiet: true,
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
      RATE_LIMIT_IP_MULTIPLIER: "100",
      NOTIFICATIONS: "false",
    },
  });
  const { db } = bundle.services().database;
  const rows = (await db.execute(
    sql`select id, name from products where is_active order by slug limit 2`,
  )) as unknown as {
    rows: Array<{ id: string; name: string }>;
  };
  const [small, other] = rows.rows;
  productName = small!.name;
  // The demo catalogue's reviews out of the way: the table shows this test's reviews only.
  await db.execute(sql`delete from reviews`);
  await db.execute(sql`delete from review_stats`);
  await db.execute(sql`update products set rating = 0, review_count = 0`);
  const review = (productId: string, size: string, fit: NewReview["fit"], rating = 4): NewReview => ({
    productId,
    userId: null,
    orderId: null,
    orderItemId: null,
    size,
    color: "",
    rating,
    title: "About the fit",
    body: "Order a size up.",
    fit,
    authorName: "Fay F.",
    verified: false,
    photos: [],
    status: "published",
    source: "customer",
  });
  await insertReviews(db, [
    // 6 answers, 4 small (67%): 'runs small'.
    review(small!.id, "S", "small", 3),
    review(small!.id, "S", "small", 4),
    review(small!.id, "M", "small", 4),
    review(small!.id, "M", "small", 5),
    review(small!.id, "M", "true", 4),
    review(small!.id, "L", "large", 4),
    // More reviews, but true to size: after the flagged one.
    ...Array.from({ length: 8 }, () => review(other!.id, "M", "true", 5)),
  ]);
});

test.afterAll(async () => {
  await running?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function checkFit(page: Page, face: string) {
  const section = page.getByRole("region", { name: "Size and fit", exact: true });
  await section.scrollIntoViewIfNeeded();
  const table = section.getByRole("table", {
    name: "Fit votes, average rating and review count by product, flagged products first",
  });
  // The flagged product first: 6 reviews, average 4.0, 4 of 6 answers 'runs small'.
  const first = table.getByRole("row").nth(1);
  await expect(first.getByRole("rowheader")).toHaveText(productName);
  await expect(first).toContainText("runs small");
  await expect(first.getByRole("cell").nth(1)).toHaveText("6");
  await expect(first.getByRole("cell").nth(2)).toHaveText("4.0");
  await expect(first.getByRole("cell").nth(3)).toHaveText("4 (67%)");
  // Its sizes open by keyboard.
  const disclosure = section.getByText(`${productName} by size (3 sizes)`);
  await disclosure.focus();
  await page.keyboard.press("Enter");
  const sizes = section.getByRole("table", { name: `${productName} by size` });
  await expect(sizes).toBeVisible();
  await expect(sizes.getByRole("row")).toHaveCount(4);
  await expect(sizes.getByRole("row").nth(2)).toContainText("M");
  await expect(sizes.getByRole("row").nth(2).getByRole("cell").nth(1)).toHaveText("3");
  await expectNoAxeViolations(page, `${face}: size and fit`);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: url });
  return context.newPage();
}

test("the owner sees a product flagged 'runs small' in /admin/analytics, with its sizes", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAccount(page.request, url, ADMIN);
  await openHydrated(page, "/admin/analytics");
  await expect(page.getByRole("heading", { name: "Size and fit" })).toBeVisible();
  await checkFit(page, "/admin/analytics");
  await page.context().close();
});

test("the console's Analytics tab shows the same flag", async ({ browser }) => {
  const page = await newPage(browser);
  await openHydrated(page, "/secure-admin");
  await page.getByRole("textbox", { name: "Admin Password" }).fill(SHARED_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Analytics", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Size and fit" })).toBeVisible();
  await checkFit(page, "the console");
  await page.context().close();
});

test("a visitor sees none of it", async ({ browser }) => {
  const page = await newPage(browser);
  await openHydrated(page, "/admin/analytics");
  await expect(page.getByText("runs small")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Size and fit" })).toHaveCount(0);
  await page.context().close();
});
