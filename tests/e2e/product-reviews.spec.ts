import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { openDatabase } from "../../app/lib/db/client.server";
import { insertProducts } from "../../app/modules/catalog/variants.server";
import type { FitVote } from "../../app/modules/fit/fit-types";
import { insertReviews, type NewReview } from "../../app/modules/reviews/review-store.server";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * The product page's reviews in a browser (issue 29). The suite's shared server cannot be given reviews
 * from outside (its embedded database is its own), so this file starts a store of its own on a database
 * it fills first through the one write path (`insertReviews`): 14 published reviews, one held.
 */
const SLUG = "e2e-review-tee";
let store: ChildProcess | undefined;
let dataDir = "";
let base = "";

const fits: Array<FitVote | null> = ["small", "small", "true", "large", null];
const SIZES = ["S", "M", "L"];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + (testInfo.project.name === "mobile" ? 31 : 30);
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-e2e-reviews-"));
  const database = await openDatabase({ dataDir });
  try {
    const [tee] = await database.db.transaction((tx) =>
      insertProducts(tx, [
        {
          name: "E2E Review Tee",
          slug: SLUG,
          sku: "E2E-REV",
          description: "A tee with reviews.",
          priceCents: 3_000,
          sizes: SIZES,
          colors: [],
          variants: SIZES.map((size) => ({ size, color: "", stock: 10 })),
        },
      ]),
    );
    const reviews: NewReview[] = Array.from({ length: 15 }, (_, i) => ({
      productId: tee!.id,
      userId: null,
      orderId: null,
      orderItemId: null,
      size: SIZES[i % 3]!,
      color: "",
      rating: 1 + (i % 5),
      title: i === 14 ? "HELD-SECRET" : `Review ${String(i).padStart(2, "0")}`,
      body: `What review ${i} says about the tee.`,
      fit: fits[i % 5]!,
      authorName: `Shopper ${i}.`,
      verified: i % 2 === 0,
      photos: [],
      status: i === 14 ? "held" : "published",
      source: "customer",
      createdAt: new Date(Date.UTC(2026, 9, 1) + i * 3_600_000),
    }));
    await insertReviews(database.db, reviews);
    await database.db.execute(`update reviews set helpful_count = 9 where title = 'Review 02'`);
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
  throw new Error("the reviews store did not start");
});

test.afterAll(async () => {
  if (store && store.exitCode === null) {
    const exited = new Promise((r) => store!.once("exit", r));
    store.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const titles = (page: Page) => page.locator('ol[aria-label="Reviews"] h3');

async function openReviews(page: Page) {
  await openHydrated(page, `${base}/product/${SLUG}`);
  const toggle = page.getByRole("button", { name: "Reviews (14)" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

test("the reviews panel shows the average, the stars, the fit per size and the newest reviews", async ({ page }) => {
  await openReviews(page);
  await expect(page.getByText("Based on 14 reviews")).toBeVisible();
  await expect(page.getByRole("link", { name: /^5 stars: 2 reviews \(14%\)\. Show only 5 stars$/ })).toBeVisible();
  // S: reviews 0, 3, 6, 9, 12 → fits small, large, small, none, true.
  await expect(page.getByText("Size S — 4 reviews: 50% runs small", { exact: true })).toBeVisible();
  await expect(titles(page)).toHaveCount(10);
  await expect(titles(page).first()).toHaveText("Review 13");
  await expect(page.getByText("HELD-SECRET")).toHaveCount(0);
  await expect(page.getByText("Showing 1–10 of 14 reviews")).toBeVisible();
  await expectNoAxeViolations(page, "product page with its reviews open");
});

test("filters by size and sorts without reloading the page, and pages on", async ({ page }) => {
  await openReviews(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByLabel("Size bought", { exact: true }).selectOption("L");
  await expect(page).toHaveURL(/reviews_size=L/);
  await expect(titles(page)).toHaveText(["Review 11", "Review 08", "Review 05", "Review 02"]);
  await expect(page.getByText("Showing 1–4 of 4 reviews")).toBeVisible();
  await page.getByLabel("Sort by").selectOption("helpful");
  await expect(page).toHaveURL(/reviews_sort=helpful/);
  await expect(titles(page).first()).toHaveText("Review 02");
  // The same document all along: a client navigation, not a reload.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await page.getByLabel("Size bought", { exact: true }).selectOption("");
  await page.getByLabel("Sort by").selectOption("newest");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/reviews_page=2/);
  await expect(titles(page)).toHaveText(["Review 03", "Review 02", "Review 01", "Review 00"]);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test("'Was this helpful?' counts one vote per visitor", async ({ page, browser }) => {
  await openReviews(page);
  const first = page.locator('ol[aria-label="Reviews"] > li').first();
  await first.getByRole("button", { name: "Yes (0)" }).click();
  await expect(first.getByRole("button", { name: "Yes (1)" })).toBeVisible();
  await expect(first.getByText("Thanks for your feedback.")).toBeVisible();
  await first.getByRole("button", { name: "Yes (1)" }).click();
  await expect(first.getByText("You already found this helpful.")).toBeVisible();
  await expect(first.getByRole("button", { name: "Yes (1)" })).toBeVisible();

  // Another visitor (another browser) counts.
  const other = await browser.newContext();
  const second = await other.newPage();
  await openReviews(second);
  const same = second.locator('ol[aria-label="Reviews"] > li').first();
  await same.getByRole("button", { name: /^Yes \(\d+\)$/ }).click();
  await expect(same.getByRole("button", { name: "Yes (2)" })).toBeVisible();
  await other.close();
});

test("works from the keyboard: the toggle, a star bar and a vote", async ({ page }) => {
  await openHydrated(page, `${base}/product/${SLUG}`);
  const toggle = page.getByRole("button", { name: "Reviews (14)" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /^5 stars:/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/reviews_rating=4/);
  await expect(titles(page)).toHaveText(["Review 13", "Review 08", "Review 03"]);
  const vote = page.locator('ol[aria-label="Reviews"] > li').first().getByRole("button", { name: /^Yes/ });
  await vote.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thanks for your feedback.")).toBeVisible();
});

test("@mobile the reviews fit a phone's width and filter by size", async ({ page }) => {
  await openReviews(page);
  await page.getByLabel("Size bought", { exact: true }).selectOption("M");
  await expect(titles(page)).toHaveText(["Review 13", "Review 10", "Review 07", "Review 04", "Review 01"]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, "product page's reviews on a phone");
});
