import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { EventBus } from "~/lib/events.server";
import { parseValues } from "~/lib/forms";
import { log } from "~/lib/log.server";
import { runPeriodically } from "~/lib/periodic.server";
import type { Actor } from "~/modules/product-admin/product-audit.server";
import { moveEndSchema, saleFormSchema, SALE_MESSAGES, type SaleInput } from "./scheduled-sale-rules";
import {
  createSale,
  deleteSale,
  disableSale,
  enableSale,
  endSaleNow,
  getSale,
  moveSaleEnd,
  runDueSales,
  updateSale,
  type SaleStep,
} from "./scheduled-sales.server";

/**
 * Scheduled sales as the server runs them (services().scheduledSales): the job that starts and ends
 * them by the clock, and the owner's writes. Whatever moves a price announces `catalog.changed` once it
 * has committed (the storefront's read and page caches of every instance are emptied, as for the back
 * office's catalogue writes, decision 0026); a write that moves no price announces nothing.
 */

/** How often the job looks for sales to start or end, by default: the storefront follows within the minute. */
export const SCHEDULED_SALES_INTERVAL_SECONDS = 20;

/** The form's values as the route read them, and the shop's time zone they are entered in. */
export interface SaleFormValues {
  values: Record<string, string>;
  timeZone: string;
}

export interface ScheduledSales {
  /** Every step due at `now` (the clock by default); tests pass a `now` instead of waiting. */
  runDue(now?: Date): Promise<SaleStep[]>;
  /** Runs `runDue` every `intervalMs`; the returned function stops it and waits for a run under way. */
  start(intervalMs: number): () => Promise<void>;
  create(admin: Actor, values: SaleFormValues): Promise<{ id: string }>;
  update(admin: Actor, id: string, values: SaleFormValues): Promise<void>;
  moveEnd(admin: Actor, id: string, values: SaleFormValues): Promise<void>;
  endNow(admin: Actor, id: string): Promise<{ changed: number }>;
  disable(admin: Actor, id: string): Promise<{ changed: number; wasRunning: boolean }>;
  enable(admin: Actor, id: string): Promise<void>;
  remove(admin: Actor, id: string): Promise<{ changed: number; wasRunning: boolean }>;
}

/** The form's values checked, or a 400 with each field's message. */
function checked<T>(result: { ok: true; data: T } | { ok: false; errors: Partial<Record<string, string>> }): T {
  if (result.ok) return result.data;
  const first = Object.values(result.errors).find(Boolean) ?? SALE_MESSAGES.saveFailed;
  throw new DomainError("invalid", first, { reason: "INVALID_SALE", fieldErrors: result.errors });
}

export function createScheduledSales(deps: { db: Db; events: EventBus; clock?: () => Date }): ScheduledSales {
  const { db, events } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function announce(changed: number, reason: string) {
    if (changed > 0) await events.emit("catalog.changed", { reason });
  }

  const parseSale = ({ values, timeZone }: SaleFormValues): SaleInput =>
    checked(parseValues(saleFormSchema({ timeZone, now: clock() }), values));

  async function runDue(now = clock()): Promise<SaleStep[]> {
    const steps = await runDueSales(db, now);
    for (const step of steps) {
      log.info({ sale: step.saleId, step: step.step, products: step.changed }, `[sales] ${step.step} '${step.title}'`);
    }
    const changed = steps.reduce((sum, s) => sum + s.changed, 0);
    await announce(changed, `scheduled sales: ${steps.map((s) => `${s.step} ${s.title}`).join(", ")}`);
    return steps;
  }

  return {
    runDue,
    start: (intervalMs) => runPeriodically(intervalMs, () => runDue(), "[sales] scheduled sales' run failed:"),
    create: (admin, form) => createSale(db, admin, parseSale(form), clock()),
    update: (admin, id, form) => updateSale(db, admin, id, parseSale(form), clock()),
    async moveEnd(admin, id, { values, timeZone }) {
      const sale = await getSale(db, id);
      if (!sale) throw new DomainError("not-found", SALE_MESSAGES.notFound, { reason: "SALE_NOT_FOUND" });
      const now = clock();
      const { endsAt } = checked(parseValues(moveEndSchema({ timeZone, now, startsAt: sale.startsAt }), values));
      await moveSaleEnd(db, admin, id, endsAt, now);
    },
    async endNow(admin, id) {
      const result = await endSaleNow(db, admin, id, clock());
      await announce(result.changed, `scheduled sale ${id} ended now`);
      return result;
    },
    async disable(admin, id) {
      const result = await disableSale(db, admin, id, clock());
      await announce(result.changed, `scheduled sale ${id} disabled`);
      return result;
    },
    enable: (admin, id) => enableSale(db, admin, id, clock()),
    async remove(admin, id) {
      const result = await deleteSale(db, admin, id, clock());
      await announce(result.changed, `scheduled sale ${id} deleted`);
      return result;
    },
  };
}
