import { z } from "zod";
import { salePrices } from "~/modules/product-admin/product-flags";
import { zonedInputOf, zonedWallTime } from "~/lib/zoned-time";

/**
 * Scheduled sales (issue 28, docs/decisions/0031-scheduled-sales.md): products, chosen or of chosen
 * categories, go on sale at a percentage off from a start to an end, and back, by themselves. The pure
 * rules, shared by the back office's page in the browser and the server: the prices a sale sets, which
 * step a sale is due for at a moment, its status as the owner reads it, the shop's wall clock into UTC
 * and back, and the forms with their messages. Pure.
 */

export const SALE_PERCENT = { min: 1, max: 95 } as const;
export const SALE_TITLE_MAX = 120;
/** One sale names at most this many products by hand; more are a category's work. */
export const MAX_SALE_PRODUCTS = 1000;
export const MAX_SALE_CATEGORIES = 100;

export const SALE_MESSAGES = {
  titleRequired: "Enter a title for the sale",
  titleTooLong: `Title must be at most ${SALE_TITLE_MAX} characters`,
  percent: `Enter a whole percentage from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}`,
  scopeRequired: "Choose at least one category or product",
  badIds: "Choose categories and products from the lists",
  tooManyProducts: `A sale can name at most ${MAX_SALE_PRODUCTS.toLocaleString("en-US")} products: choose a category instead`,
  tooManyCategories: `A sale can name at most ${MAX_SALE_CATEGORIES} categories`,
  startRequired: "Enter the start date and time",
  endRequired: "Enter the end date and time",
  badDate: "Enter a valid date and time",
  endBeforeStart: "The end must be after the start",
  endInPast: "The end must be in the future",
  unknownChoices: "Some chosen categories or products no longer exist. Refresh the page and choose again.",
  notFound: "Sale not found",
  startedMeanwhile: "This sale has started: only its end can be moved, or it can be ended now",
  notRunning: "This sale is not running",
  alreadyEnded: "This sale has ended",
  notScheduled: "Only a sale that has not started can be enabled",
  unknownIntent: "Unknown sale action",
  created: "Sale scheduled",
  updated: "Sale updated",
  endMoved: "The sale's end was moved",
  endedNow: "Sale ended: the prices are back",
  disabled: "Sale disabled",
  disabledRunning: "Sale disabled: the prices are back",
  enabled: "Sale enabled",
  deleted: "Sale deleted",
  deletedRunning: "Sale deleted: the prices are back",
  loadFailed: "Failed to load the sales",
  saveFailed: "Failed to save the sale",
} as const;

/** A wall time the clocks skip (02:30 on the night they go forward) names no instant. */
export const skippedTimeMessage = (timeZone: string) =>
  `That time does not exist in ${timeZone} (the clocks go forward then): choose another`;

// ── Prices ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A product's prices during a sale at `percent` off: those of 'Mark as Sale' (product-flags.ts
 * `salePrices`): the regular price (the compare-at price when the product is already on sale, else its
 * price) is kept as the compare-at price, and the price is that less `percent`, to the cent. Null when
 * the sale would not lower the price (a price of a cent or nothing): such a product is left out, since a
 * product is on sale exactly when its compare-at price is above its price (decisions.md §6).
 */
export function scheduledSalePrices(
  product: { priceCents: number; compareAtCents: number | null },
  percent: number,
): { priceCents: number; compareAtCents: number } | null {
  const prices = salePrices(product, percent);
  return prices.priceCents < prices.compareAtCents ? prices : null;
}

/** The regular price a snapshot's product had before the sale: the compare-at price the sale kept. */
export function regularPriceOf(prior: { priceCents: number; compareAtCents: number | null }): number {
  return prior.compareAtCents !== null && prior.compareAtCents > prior.priceCents
    ? prior.compareAtCents
    : prior.priceCents;
}

/**
 * Whether the prices a sale set still stand on a product at its end, so its prior prices go back. Any
 * change of the owner's meanwhile (a new price, a compare-at price, 'Remove from Sale') wins and is kept.
 */
export function saleStillStands(
  now: { priceCents: number; compareAtCents: number | null },
  snapshot: { salePriceCents: number; priorPriceCents: number; priorCompareAtCents: number | null },
): boolean {
  const regular = regularPriceOf({
    priceCents: snapshot.priorPriceCents,
    compareAtCents: snapshot.priorCompareAtCents,
  });
  return now.priceCents === snapshot.salePriceCents && now.compareAtCents === regular;
}

// ── Steps and status ─────────────────────────────────────────────────────────────────────────────

export type SaleState = "scheduled" | "running" | "ended";
export type SaleStatus = SaleState | "disabled";

export interface SaleTiming {
  state: SaleState;
  isEnabled: boolean;
  startsAt: Date;
  endsAt: Date;
}

/**
 * What the job does with a sale at `now`:
 * - 'start': enabled, scheduled, its start reached and its end not (prices set);
 * - 'end': running and its end reached, or disabled (prices put back);
 * - 'miss': scheduled and its end already passed (the shop was stopped through the whole sale, or it
 *   was disabled until then): marked ended without touching a price;
 * - null: nothing yet.
 * The job's query selects exactly these (scheduled-sales.server.ts `DUE_SALE`).
 */
export function dueStep(sale: SaleTiming, now: Date): "start" | "end" | "miss" | null {
  const t = now.getTime();
  if (sale.state === "running") return sale.endsAt.getTime() <= t || !sale.isEnabled ? "end" : null;
  if (sale.state !== "scheduled") return null;
  if (sale.endsAt.getTime() <= t) return "miss";
  return sale.isEnabled && sale.startsAt.getTime() <= t ? "start" : null;
}

/** The sales due for a step at `now`, ends first (a product leaving one sale may join the next at once). */
export function dueSales<T extends SaleTiming>(
  sales: readonly T[],
  now: Date,
): { sale: T; step: "start" | "end" | "miss" }[] {
  const order = { end: 0, miss: 1, start: 2 } as const;
  return sales
    .map((sale) => ({ sale, step: dueStep(sale, now) }))
    .filter((due): due is { sale: T; step: "start" | "end" | "miss" } => due.step !== null)
    .sort((a, b) => order[a.step] - order[b.step] || a.sale.startsAt.getTime() - b.sale.startsAt.getTime());
}

/** The status the owner reads: a switched-off sale is 'disabled', whatever the job had done with it. */
export function saleStatus(sale: { state: SaleState; isEnabled: boolean }): SaleStatus {
  return sale.isEnabled ? sale.state : "disabled";
}

export const STATUS_LABEL: Record<SaleStatus, string> = {
  scheduled: "Scheduled",
  running: "Running",
  ended: "Ended",
  disabled: "Disabled",
};

/** What the owner may do with a sale in each state (the server checks the same). */
export function saleActions(sale: { state: SaleState; isEnabled: boolean }) {
  const scheduled = sale.state === "scheduled";
  const running = sale.state === "running";
  return {
    edit: scheduled,
    moveEnd: running,
    endNow: running,
    disable: sale.isEnabled && sale.state !== "ended",
    enable: !sale.isEnabled && scheduled,
    delete: true,
  };
}

// ── The shop's wall clock ────────────────────────────────────────────────────────────────────────

/** "2026-06-01T09:00": an instant on the shop's clock, as a datetime-local input holds it. */
export const toZonedInput = zonedInputOf;

/**
 * A datetime-local value ("2026-06-01T09:00") read on the shop's clock in `timeZone`, as the instant
 * it names (stored in UTC; app/lib/zoned-time.ts). A wall time the clocks skip (spring forward) is
 * refused as 'skipped' — a sale should start when the owner said, not an hour later; one they pass
 * twice (fall back) is its first occurrence.
 */
export function fromZonedInput(
  value: string,
  timeZone: string,
): { ok: true; date: Date } | { ok: false; reason: "invalid" | "skipped" } {
  const found = zonedWallTime(value, timeZone);
  const year = found?.date.getUTCFullYear() ?? 0;
  if (!found || year < 2000 || year > 2999) return { ok: false, reason: "invalid" };
  if (found.skipped) return { ok: false, reason: "skipped" };
  return { ok: true, date: found.date };
}

// ── Forms ────────────────────────────────────────────────────────────────────────────────────────

export const SALE_FIELDS = ["title", "percentOff", "categoryIds", "productIds", "startsAt", "endsAt"] as const;
export const MOVE_END_FIELDS = ["endsAt"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids as the form sends them: joined by commas. Null when one is not an id. */
export function parseIds(value: string): string[] | null {
  const ids = value
    .split(",")
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  if (ids.some((id) => !UUID.test(id))) return null;
  return [...new Set(ids)];
}

export const joinIds = (ids: readonly string[]) => ids.join(",");

export interface SaleInput {
  title: string;
  percentOff: number;
  categoryIds: string[];
  productIds: string[];
  startsAt: Date;
  endsAt: Date;
}

/**
 * What checking a form needs besides the form: the shop's time zone, and now (the end must be after it),
 * or the clock to read it from at each check (a form stays open a while in the browser).
 */
export interface SaleFormContext {
  timeZone: string;
  now: Date | (() => Date);
}

const nowOf = (now: SaleFormContext["now"]) => (typeof now === "function" ? now() : now);

function readMoment(
  value: string,
  timeZone: string,
  required: string,
  issue: (message: string) => void,
): Date | undefined {
  if (!value.trim()) {
    issue(required);
    return undefined;
  }
  const read = fromZonedInput(value, timeZone);
  if (read.ok) return read.date;
  issue(read.reason === "skipped" ? skippedTimeMessage(timeZone) : SALE_MESSAGES.badDate);
  return undefined;
}

/**
 * The sale form (create, and edit while scheduled): a title, a whole percentage from 1 to 95, at least
 * one category or product, a start and an end entered on the shop's clock, the end after the start and
 * after now. A start already passed is allowed: the sale starts at the job's next run.
 */
export function saleFormSchema({ timeZone, now: clock }: SaleFormContext) {
  return z
    .object({
      title: z.string(),
      percentOff: z.string(),
      categoryIds: z.string(),
      productIds: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
    })
    .transform((raw, ctx): SaleInput => {
      const now = nowOf(clock);
      const issue = (path: string) => (message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const title = raw.title.trim();
      if (!title) issue("title")(SALE_MESSAGES.titleRequired);
      else if (title.length > SALE_TITLE_MAX) issue("title")(SALE_MESSAGES.titleTooLong);

      const percentText = raw.percentOff.trim();
      const percentOff = /^\d{1,3}$/.test(percentText) ? Number(percentText) : Number.NaN;
      if (!(percentOff >= SALE_PERCENT.min && percentOff <= SALE_PERCENT.max))
        issue("percentOff")(SALE_MESSAGES.percent);

      const categoryIds = parseIds(raw.categoryIds);
      const productIds = parseIds(raw.productIds);
      if (categoryIds === null || productIds === null) issue("scope")(SALE_MESSAGES.badIds);
      else if (categoryIds.length === 0 && productIds.length === 0) issue("scope")(SALE_MESSAGES.scopeRequired);
      else if (productIds.length > MAX_SALE_PRODUCTS) issue("scope")(SALE_MESSAGES.tooManyProducts);
      else if (categoryIds.length > MAX_SALE_CATEGORIES) issue("scope")(SALE_MESSAGES.tooManyCategories);

      const startsAt = readMoment(raw.startsAt, timeZone, SALE_MESSAGES.startRequired, issue("startsAt"));
      const endsAt = readMoment(raw.endsAt, timeZone, SALE_MESSAGES.endRequired, issue("endsAt"));
      if (startsAt && endsAt) {
        if (endsAt <= startsAt) issue("endsAt")(SALE_MESSAGES.endBeforeStart);
        else if (endsAt <= now) issue("endsAt")(SALE_MESSAGES.endInPast);
      }
      return {
        title,
        percentOff,
        categoryIds: categoryIds ?? [],
        productIds: productIds ?? [],
        startsAt: startsAt ?? now,
        endsAt: endsAt ?? now,
      };
    });
}

/** A running sale's new end: on the shop's clock, after its start and after now. */
export function moveEndSchema({ timeZone, now: clock, startsAt }: SaleFormContext & { startsAt: Date }) {
  return z.object({ endsAt: z.string() }).transform((raw, ctx): { endsAt: Date } => {
    const now = nowOf(clock);
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["endsAt"], message });
    const endsAt = readMoment(raw.endsAt, timeZone, SALE_MESSAGES.endRequired, issue);
    if (endsAt) {
      if (endsAt <= startsAt) issue(SALE_MESSAGES.endBeforeStart);
      else if (endsAt <= now) issue(SALE_MESSAGES.endInPast);
    }
    return { endsAt: endsAt ?? now };
  });
}

// ── The page's writes ────────────────────────────────────────────────────────────────────────────

export const SALE_INTENTS = ["create", "update", "move-end", "end-now", "disable", "enable", "delete"] as const;
export type SaleIntent = (typeof SALE_INTENTS)[number];
export const isSaleIntent = (value: unknown): value is SaleIntent =>
  typeof value === "string" && (SALE_INTENTS as readonly string[]).includes(value);

/** What the page's action answers. */
export type SaleAnswer =
  | { ok: true; intent: SaleIntent; message: string; errors: Record<string, never> }
  | { ok: false; intent: SaleIntent | null; message: string; errors: Partial<Record<string, string>> };

/** A product as the editor's picker shows it. */
export interface SaleProductChoice {
  id: string;
  name: string;
  sku: string;
  priceCents: number;
  compareAtCents: number | null;
  image: string;
  isActive: boolean;
}

/** What the picker's search answers (routes/admin.discounts.sales.products.ts). */
export type SaleProductSearch =
  { ok: true; q: string; products: SaleProductChoice[]; total: number } | { ok: false; message: string };

/** "1 product", "3 products". */
export const productCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "product" : "products"}`;
