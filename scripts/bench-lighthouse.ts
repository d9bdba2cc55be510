/**
 * Issue 33's first-paint figures (`npm run bench -- --only=lighthouse`): Lighthouse 12's mobile preset
 * (simulated slow 4G, 4x CPU slowdown: its default "simulate" throttling) on the shopper's first screens —
 * `/`, `/shop`, a category with filters, a product page and `/checkout` signed in with something in the
 * cart — `LIGHTHOUSE_RUNS` runs each; prints the medians of LCP, FCP, CLS, TBT and the performance score,
 * what Lighthouse names as the LCP element and the render-blocking requests, and checks the budgets.
 *
 * `--before=<commit>[,<commit>…]` measures those commits too, in the same run: each checked out into a
 * temporary worktree and built there, started beside this build, the runs of a page in turns (before,
 * now; now, before; …), so that the machine's load weighs on all alike.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoProducts } from "#db/seed/demo-catalog";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import { CHROMIUM_FLAGS } from "../tests/support/chromium-flags";
import {
  freePort,
  inTurns,
  signInShopper,
  startStoreProcess,
  withBeforeCommits,
  type StartedStore,
} from "./bench-support";

export const LIGHTHOUSE_RUNS = 3;
export const FIRST_PAINT_BUDGETS = { lcpMs: 1500, fcpMs: 1200, cls: 0.05, tbtMs: 100, score: 98 };

export interface LighthouseFigures {
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  score: number;
  /** Lighthouse's label of the LCP element, with the start of its markup. */
  lcpElement: string;
  /** The requests Lighthouse names as render-blocking (path only). */
  renderBlocking: string[];
}

interface ReportAudit {
  numericValue?: number;
  details?: { items?: unknown[] };
}
interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, ReportAudit | undefined>;
}

/** The first `{ nodeLabel, snippet }` anywhere in an audit's details (their nesting varies by audit). */
function firstNode(value: unknown): { nodeLabel?: string; snippet?: string } | undefined {
  if (!value || typeof value !== "object") return undefined;
  const record = value as Record<string, unknown>;
  if (record.type === "node") return record as { nodeLabel?: string; snippet?: string };
  for (const child of Object.values(record)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return undefined;
}

/** What the bench prints of one Lighthouse report (its JSON output). */
export function figuresOf(report: Report): LighthouseFigures {
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const node = firstNode(report.audits["largest-contentful-paint-element"]?.details);
  const snippet = node?.snippet?.replace(/\s+/g, " ").slice(0, 80) ?? "";
  const blocking = (report.audits["render-blocking-resources"]?.details?.items ?? []) as { url?: string }[];
  return {
    lcpMs: value("largest-contentful-paint"),
    fcpMs: value("first-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    tbtMs: value("total-blocking-time"),
    score: Math.round((report.categories.performance?.score ?? 0) * 100),
    lcpElement: node ? `${node.nodeLabel ?? "?"} ${snippet}`.trim() : "none",
    renderBlocking: blocking.map((item) => (item.url ? new URL(item.url).pathname : "?")),
  };
}

/** The median of each figure over runs; the LCP element and blocking requests of the run with the median LCP. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error("no Lighthouse runs to take the median of");
  const mid = (pick: (f: LighthouseFigures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  };
  const lcpMs = mid((f) => f.lcpMs);
  const typical = runs.reduce((best, f) => (Math.abs(f.lcpMs - lcpMs) < Math.abs(best.lcpMs - lcpMs) ? f : best));
  return {
    lcpMs,
    fcpMs: mid((f) => f.fcpMs),
    cls: mid((f) => f.cls),
    tbtMs: mid((f) => f.tbtMs),
    score: mid((f) => f.score),
    lcpElement: typical.lcpElement,
    renderBlocking: typical.renderBlocking,
  };
}

/** Which of the budgets a page's medians miss (empty: all met). */
export function missedBudgets(f: LighthouseFigures, budgets = FIRST_PAINT_BUDGETS): string[] {
  const missed: string[] = [];
  if (!(f.lcpMs <= budgets.lcpMs)) missed.push("LCP");
  if (!(f.fcpMs <= budgets.fcpMs)) missed.push("FCP");
  if (!(f.cls <= budgets.cls)) missed.push("CLS");
  if (!(f.tbtMs <= budgets.tbtMs)) missed.push("TBT");
  if (!(f.score >= budgets.score)) missed.push("score");
  return missed;
}

export function figuresLine(f: LighthouseFigures): string {
  return (
    `LCP ${(f.lcpMs / 1000).toFixed(2)} s, FCP ${(f.fcpMs / 1000).toFixed(2)} s, CLS ${f.cls.toFixed(3)}, ` +
    `TBT ${Math.round(f.tbtMs)} ms, score ${f.score}`
  );
}

/**
 * One run of Lighthouse's mobile preset against `url` (Debian's Chromium, headless): its JSON report.
 * "simulate" (its default) estimates slow-4G timings from an unthrottled trace; "devtools" throttles the
 * browser for real.
 */
export function lighthouseReport(
  root: string,
  url: string,
  options: {
    categories: string[];
    throttling?: "simulate" | "devtools";
    /** A Chromium already running with this remote-debugging port (see `withSignedInChromium`). */
    port?: number;
  },
): unknown {
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-lh-"));
  const out = path.join(dir, "report.json");
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, "node_modules/lighthouse/cli/index.js"),
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        `--only-categories=${options.categories.join(",")}`,
        `--throttling-method=${options.throttling ?? "simulate"}`,
        options.port ? `--port=${options.port}` : `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
        stdio: ["ignore", "ignore", "ignore"],
        timeout: 180_000,
      },
    );
    return JSON.parse(readFileSync(out, "utf8")) as unknown;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/**
 * Runs `run` against a Chromium of its own (a fresh profile, headless) whose cookie jar holds `cookie`
 * for `base`, as a signed-in shopper's browser does. Given as Lighthouse's extra header instead, the
 * cookie went with the document but not with the page's own requests: `/checkout`'s read of the cart
 * answered 401, the page then said "Your cart is empty", and the run measured that page (with a layout
 * shift of 0.265 as the footer moved up).
 */
export async function withSignedInChromium<T>(cookie: string, base: string, run: (port: number) => T): Promise<T> {
  // Launched as Lighthouse's command line launches it (the same launcher and flags, a fresh profile).
  const browser = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const connection = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    await connection.contexts()[0]!.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    await connection.close();
    return run(browser.port);
  } finally {
    browser.kill();
  }
}

/**
 * One Lighthouse run of the mobile preset, performance only: simulated throttling (the budgets' figures),
 * or "devtools", which slows the browser's network and CPU for real (what a shopper's phone meets).
 * With a `cookie`, as that signed-in shopper (`withSignedInChromium`).
 */
export async function runLighthouse(
  root: string,
  url: string,
  cookie?: string,
  throttling: Throttling = "simulate",
): Promise<LighthouseFigures> {
  const report = (port?: number) =>
    figuresOf(lighthouseReport(root, url, { categories: ["performance"], throttling, port }) as Report);
  return cookie ? withSignedInChromium(cookie, new URL(url).origin, report) : report();
}

export type Throttling = "simulate" | "devtools";

interface Page {
  label: string;
  path: string;
  /** Sends the signed-in shopper's cookie. */
  signedIn?: boolean;
}

const product = demoProducts.find((p) => p.isActive && p.inventory > 0 && p.group)!;
export const FIRST_PAINT_PAGES: Page[] = [
  { label: "/", path: "/" },
  { label: "/shop", path: "/shop" },
  { label: "/shop/men?size=M&sort=price-low", path: "/shop/men?size=M&sort=price-low" },
  { label: "/product/{slug}", path: `/product/${product.slug}` },
  { label: "/checkout (signed in, 1 item)", path: "/checkout", signedIn: true },
];

/** Signs the bench's shopper in and puts the product page's product (size M) in their cart: the cookie. */
async function shopperWithCart(base: string): Promise<string> {
  const cookie = await signInShopper(base);
  const html = await (await fetch(`${base}/product/${product.slug}`)).text();
  // The product's id, as its back-in-stock form posts it (a variant of the demo product is sold out).
  const productId = /name="productId" value="([^"]+)"/.exec(html)?.[1];
  if (!productId) throw new Error(`no product id on /product/${product.slug}`);
  const res = await fetch(`${base}/api/cart`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ intent: "add", productId, size: "M", color: product.colors[0], quantity: 1 }),
  });
  if (!res.ok) throw new Error(`could not fill the cart (${res.status}): ${await res.text()}`);
  return cookie;
}

interface Subject {
  name: string;
  store: StartedStore;
  cookie: string;
  runs: Map<string, LighthouseFigures[]>;
}

async function startSubject(name: string, root: string, buildDir: string, tempDirs: string[]): Promise<Subject> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `abundance-bench-lh-${name}-`));
  tempDirs.push(dataDir);
  const store = await startStoreProcess({ root, buildDir, port: await freePort(), dataDir });
  // A first request of each page, so that no run measures a cold page cache or JIT.
  const cookie = await shopperWithCart(store.base);
  for (const page of FIRST_PAINT_PAGES)
    await fetch(`${store.base}${page.path}`, { headers: page.signedIn ? { cookie } : {} });
  return { name, store, cookie, runs: new Map() };
}

export interface FirstPaintResult {
  page: string;
  now: LighthouseFigures;
  /** The medians of each `--before` commit, in the order given. */
  before: { commit: string; figures: LighthouseFigures }[];
}

/** A Lighthouse run, tried up to three times: Chromium sometimes fails to start on a loaded machine. */
async function runWithRetries(
  root: string,
  url: string,
  cookie: string | undefined,
  throttling: Throttling,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(root, url, cookie, throttling);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * The pages' medians for this build (`buildDir` under `root`), and for each of `beforeCommits` (checked
 * out and built in temporary worktrees; left out when one cannot be), measured in turns. `progress`
 * hears each run.
 */
export async function benchFirstPaint(options: {
  root: string;
  buildDir: string;
  beforeCommits?: string[];
  runs?: number;
  throttling?: Throttling;
  progress?: (line: string) => void;
}): Promise<{ results: FirstPaintResult[]; missing: string[] }> {
  const runs = options.runs ?? LIGHTHOUSE_RUNS;
  const progress = options.progress ?? (() => undefined);
  const tempDirs: string[] = [];

  const measure = async (
    now: Subject,
    befores: ReadonlyArray<{ commit: string; subject: Subject }>,
  ): Promise<FirstPaintResult[]> => {
    const subjects = [...befores.map((b) => b.subject), now];
    for (const page of FIRST_PAINT_PAGES)
      await inTurns(subjects, runs, async (subject, i) => {
        const url = `${subject.store.base}${page.path}`;
        const cookie = page.signedIn ? subject.cookie : undefined;
        const figures = await runWithRetries(options.root, url, cookie, options.throttling ?? "simulate");
        progress(
          `  ${subject.name} ${page.label} run ${i + 1}: ${figuresLine(figures)} (load ${os.loadavg()[0]!.toFixed(2)})`,
        );
        subject.runs.set(page.label, [...(subject.runs.get(page.label) ?? []), figures]);
      });
    return FIRST_PAINT_PAGES.map((page) => ({
      page: page.label,
      now: medianFigures(now.runs.get(page.label)!),
      before: befores.map((b) => ({ commit: b.commit, figures: medianFigures(b.subject.runs.get(page.label)!) })),
    }));
  };

  try {
    return await withBeforeCommits({
      root: options.root,
      buildDir: options.buildDir,
      commits: options.beforeCommits ?? [],
      start: (name, root, buildDir) => startSubject(name, root, buildDir, tempDirs),
      measure,
    });
  } finally {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  }
}
