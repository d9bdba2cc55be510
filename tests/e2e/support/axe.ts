import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** What every page is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus the best practice heading-order. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

/** One violation per block: rule, impact, help link, and each offending element with axe's reason. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = (n.failureSummary ?? "").replace(/\n/g, "\n        ");
        return `  - ${n.target.map(String).join(" ")}\n      ${n.html}\n      ${why}`;
      });
      return `[${v.impact ?? "?"}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join("\n")}`;
    })
    .join("\n\n");
}

/**
 * Waits (up to 2 s) for the page's finite animations and transitions to end. Axe blends a
 * half-faded element into its background, so a toast caught mid-entrance (Sonner fades it in) reads as
 * a contrast failure its resting colours do not have: #36875b is green-800 at 78 % opacity on the
 * toast's #effcf4. Endless ones (spinners, skeletons) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/**
 * Runs axe on the page as it is now (open panels and toasts included), once its animations have come to
 * rest, and fails with a readable list of what it found. No rule is switched off: a violation is fixed
 * where it comes from.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: [...WCAG_TAGS] },
      // A best practice outside the WCAG tags, asked for by name.
      rules: { "heading-order": { enabled: true } },
    })
    .analyze();
  const violations = results.violations as Violation[];
  expect(
    violations.length,
    `axe found ${violations.length} violation(s) on ${what}:\n\n${describeViolations(violations)}\n`,
  ).toBe(0);
}
