import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (root.tsx marks <html data-hydrated>), so clicks reach their handlers. */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
}
