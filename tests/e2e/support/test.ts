import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect };

/**
 * A storefront page starts its scripts once its first screen is shown (decision 0045), so a page can be
 * `load`ed before React has hydrated it: a test that clicked at once would click a button that does
 * nothing yet, where a shopper, who looks first, would not. Here `goto` and `reload` (with the default
 * `waitUntil`) also wait, on such a page, until it is hydrated. A test of the page before its scripts run
 * says `waitUntil` itself (tests/e2e/first-screen.spec.ts); a page without JavaScript is not waited for.
 */
const patched = new WeakSet<Page>();

async function hydrated(page: Page): Promise<void> {
  // React Router's inline scripts set its context at once wherever the page's own scripts run.
  const starts = await page
    .evaluate(() => document.getElementById("page-modules") !== null && "__reactRouterContext" in window)
    .catch((error: Error) => {
      // The page went on to another document meanwhile: the test's own next step waits for that one.
      if (/Execution context was destroyed|navigation/i.test(error.message)) return false;
      throw error;
    });
  if (starts) await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}

function waitingForHydration(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil) await hydrated(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil) await hydrated(page);
    return response;
  };
  return page;
}

function pagesWaitForHydration(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) waitingForHydration(page);
  context.on("page", waitingForHydration);
  return context;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await use(pagesWaitForHydration(context));
  },
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => pagesWaitForHydration(await newContext(options));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => waitingForHydration(await newPage(options));
      await use(browser);
    },
    { scope: "worker" },
  ],
});
