/**
 * What a shopper on a slow line waits for (`npm run bench -- --only=hydration [--before=<commit>,…]`):
 * Chromium with Lighthouse's slow-4G figures applied for real through the DevTools protocol (562.5 ms a
 * round trip, 1.4 Mbit/s down, 4x CPU), HTTP/1.1 from a server on this machine, a first visit each time (a
 * new browser, nothing cached). For `/shop` and a product page: the first paint, the largest paint, and the
 * moment React marks the page hydrated (`<html data-hydrated>`, root.tsx) — when its scripted controls
 * answer. Medians of `HYDRATION_RUNS`; each `--before` commit is built in a temporary worktree and measured
 * beside this build, in turns. Decision 0045 weighs the paint against the hydration with these figures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { demoProducts } from "#db/seed/demo-catalog";
import { median } from "./bench-scaling";
import { freePort, inTurns, startStoreProcess, withBeforeCommits, type StartedStore } from "./bench-support";

export const HYDRATION_RUNS = 3;

/** Lighthouse's "slow 4G" (its mobile preset's throttling), applied to the browser instead of simulated. */
const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

export interface HydrationFigures {
  firstPaintMs: number;
  largestPaintMs: number;
  hydratedMs: number;
}

const product = demoProducts.find((p) => p.isActive && p.inventory > 0 && p.group)!;
export const HYDRATION_PAGES = ["/shop", `/product/${product.slug}`];

/** One first visit of `url` in a new, slowed Chromium. */
async function measure(url: string): Promise<HydrationFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks = marks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.largestPaint = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new MutationObserver(() => {
        if (document.documentElement?.dataset.hydrated === "true") marks.hydrated ??= performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: 120_000 });
    return await page.evaluate(() => {
      const marks = (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks;
      const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      return { firstPaintMs: firstPaint, largestPaintMs: marks.largestPaint ?? NaN, hydratedMs: marks.hydrated ?? NaN };
    });
  } finally {
    await browser.close();
  }
}

export function hydrationLine(f: HydrationFigures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `first paint ${s(f.firstPaintMs)}, largest ${s(f.largestPaintMs)}, hydrated ${s(f.hydratedMs)}`;
}

export interface HydrationResult {
  page: string;
  now: HydrationFigures;
  before: { commit: string; figures: HydrationFigures }[];
}

interface Subject {
  name: string;
  store: StartedStore;
  runs: Map<string, HydrationFigures[]>;
}

/** The pages' medians for this build, and for each of `beforeCommits`, measured in turns. */
export async function benchHydration(options: {
  root: string;
  buildDir: string;
  beforeCommits?: string[];
  progress?: (line: string) => void;
}): Promise<{ results: HydrationResult[]; missing: string[] }> {
  const progress = options.progress ?? (() => undefined);
  const dataDirs: string[] = [];

  const start = async (name: string, root: string, buildDir: string): Promise<Subject> => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `abundance-bench-hydration-`));
    dataDirs.push(dataDir);
    const store = await startStoreProcess({ root, buildDir, port: await freePort(), dataDir });
    for (const page of HYDRATION_PAGES) await fetch(`${store.base}${page}`); // no cold render measured
    return { name, store, runs: new Map() };
  };

  const measureAll = async (
    now: Subject,
    befores: ReadonlyArray<{ commit: string; subject: Subject }>,
  ): Promise<HydrationResult[]> => {
    const subjects = [...befores.map((b) => b.subject), now];
    for (const page of HYDRATION_PAGES)
      await inTurns(subjects, HYDRATION_RUNS, async (subject, i) => {
        const figures = await measure(`${subject.store.base}${page}`);
        progress(`  ${subject.name} ${page} run ${i + 1}: ${hydrationLine(figures)}`);
        subject.runs.set(page, [...(subject.runs.get(page) ?? []), figures]);
      });
    const medians = (runs: HydrationFigures[]): HydrationFigures => ({
      firstPaintMs: median(runs.map((r) => r.firstPaintMs)),
      largestPaintMs: median(runs.map((r) => r.largestPaintMs)),
      hydratedMs: median(runs.map((r) => r.hydratedMs)),
    });
    return HYDRATION_PAGES.map((page) => ({
      page,
      now: medians(now.runs.get(page)!),
      before: befores.map((b) => ({ commit: b.commit, figures: medians(b.subject.runs.get(page)!) })),
    }));
  };

  try {
    return await withBeforeCommits({
      root: options.root,
      buildDir: options.buildDir,
      commits: options.beforeCommits ?? [],
      start,
      measure: measureAll,
    });
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
