import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { createLoadGauge } from "~/lib/load-gauge.server";
import { log } from "~/lib/log.server";
import { runPeriodically } from "~/lib/periodic.server";
import { hit, type RateLimitRule } from "~/lib/rate-limit.server";
import { afterRound, expiryCutoff, notifyBudget, RESTOCK_MESSAGES, type SubscribeInput } from "./restock-rules";

/**
 * Back in stock, per size and colour (issue 31; docs/decisions/0036-back-in-stock.md).
 *
 * - **Subscribe.** A shopper asks on a sold-out size or colour: one waiting subscription per e-mail and
 *   variant (a unique index; a second request answers 'already'), the account's e-mail when signed in,
 *   optionally a WhatsApp number. Refused for a variant in stock (nothing to wait for).
 * - **Rises are caught by the database.** A trigger on product_variants (migration 0022) queues, in the
 *   transaction of the rise, every variant whose stock went up while someone waited — whatever path
 *   wrote it — in `restock_queue`.
 * - **Rounds.** Every RESTOCK_ROUND_SECONDS, in every instance: the due queue rows are claimed FOR UPDATE
 *   SKIP LOCKED (two instances never take the same variant), each variant's budget computed
 *   (notifyBudget), its oldest waiting subscriptions claimed by a conditional update (status 'waiting' →
 *   'notified': a subscriber is never notified twice) and their messages written to the outbox — all
 *   in one transaction, so a round rolled back notifies nobody. The outbox's key
 *   `back_in_stock:<subscription>:<channel>` is a second guard. The worker words them when sent.
 * - **Yield.** A round is skipped while the process is saturated by requests (the outbox's load gauge),
 *   for at most the outbox's yield time, so checkouts keep their speed.
 */

/** Subscriptions an address may ask for per hour (times RATE_LIMIT_IP_MULTIPLIER). */
export const SUBSCRIBES_PER_IP: RateLimitRule = { limit: 30, windowSeconds: 60 * 60 };
/** Queue rows one round takes (the rest in the next round). */
const VARIANTS_PER_ROUND = 200;

export interface BackInStockDeps {
  db: Db;
  /** Shoppers told per unit that came back (RESTOCK_NOTIFY_FACTOR). */
  factor: number;
  /** How long the rest wait for the next wave while the variant stays in stock (RESTOCK_WAVE_MINUTES). */
  waveMs: number;
  /** WhatsApp is on (Twilio connected): a subscriber's number gets a WhatsApp too. */
  whatsapp: boolean;
  rateLimitIpMultiplier: number;
  /** New outbox rows were written: the worker looks now. */
  wakeOutbox?: () => void;
  /** How long a round may wait for a saturated process (the outbox's NOTIFICATION_YIELD_SECONDS). */
  yieldMs?: number;
  saturated?: (ownBusyMs: number) => boolean;
}

export type SubscribeOutcome = "recorded" | "already";

export interface RoundResult {
  /** Subscriptions that reached 90 days unnotified in this round. */
  expired: number;
  /** Subscriptions notified (their messages written to the outbox). */
  notified: number;
  /** Queue rows handled. */
  variants: number;
}

export interface DemandRow {
  productId: string;
  productName: string;
  slug: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
  waiting: number;
  oldest: string;
}

export type BackInStock = ReturnType<typeof createBackInStock>;

export function createBackInStock(deps: BackInStockDeps) {
  const { db } = deps;
  const rule: RateLimitRule = {
    ...SUBSCRIBES_PER_IP,
    limit: SUBSCRIBES_PER_IP.limit * deps.rateLimitIpMultiplier,
  };
  const saturated = deps.saturated ?? createLoadGauge().saturated;
  let ownBusyMs = 0;
  let yieldingSince: number | null = null;

  async function runRound(now = new Date()): Promise<RoundResult> {
    const cutoff = expiryCutoff(now);
    const expired = await queryRows<{ id: string }>(
      db,
      sql`update restock_subscriptions set status = 'expired'
           where status = 'waiting' and created_at <= ${cutoff.toISOString()}::timestamptz
           returning id`,
    );
    const result = await db.transaction(async (tx) => {
      const queued = await queryRows<{ variant_id: string; units: number; stock: number }>(
        tx,
        sql`select q.variant_id, q.units, v.stock
              from restock_queue q join product_variants v on v.id = q.variant_id
             where q.due_at <= ${now.toISOString()}::timestamptz
             order by q.due_at, q.variant_id
             limit ${VARIANTS_PER_ROUND}
             for update of q skip locked`,
      );
      if (queued.length === 0) return { notified: 0, variants: 0 };
      const budgets = queued.map((q) => ({
        ...q,
        budget: notifyBudget({ unitsBack: q.units, stockNow: q.stock, factor: deps.factor }),
      }));
      const withBudget = budgets.filter((b) => b.budget > 0);
      let notified: Array<{ variant_id: string; notified: number }> = [];
      if (withBudget.length > 0) {
        const values = sql.join(
          withBudget.map((b) => sql`(${b.variant_id}::uuid, ${b.budget}::int)`),
          sql`, `,
        );
        notified = await queryRows<{ variant_id: string; notified: number }>(
          tx,
          sql`
            with budget(variant_id, n) as (values ${values}),
            picked as (
              select s.id from budget b cross join lateral (
                select s.id from restock_subscriptions s
                 where s.variant_id = b.variant_id and s.status = 'waiting'
                   and s.created_at > ${cutoff.toISOString()}::timestamptz
                 order by s.created_at, s.id
                 limit b.n
                 for update skip locked) s
            ),
            claimed as (
              update restock_subscriptions s set status = 'notified', notified_at = ${now.toISOString()}::timestamptz
                from picked p
               where s.id = p.id and s.status = 'waiting'
              returning s.id, s.variant_id, s.email, s.phone
            ),
            messages as (
              insert into order_notifications (order_id, channel, audience, notification_type, recipient, dedupe_key)
              select null, c.channel, 'customer', 'back_in_stock',
                     case when c.channel = 'email' then n.email else n.phone end,
                     'back_in_stock:' || n.id || ':' || c.channel
                from claimed n
                cross join (values ('email'), ('whatsapp')) as c(channel)
               where c.channel = 'email' or (${deps.whatsapp}::boolean and n.phone is not null)
              on conflict (dedupe_key) do nothing
              returning 1
            )
            select variant_id, count(*)::int as notified from claimed group by variant_id`,
        );
      }
      // Who is still waiting, as this transaction sees it (its own claims included).
      const ids = sql.join(
        queued.map((q) => sql`${q.variant_id}::uuid`),
        sql`, `,
      );
      const waiting = await queryRows<{ variant_id: string; waiting: number }>(
        tx,
        sql`select variant_id, count(*)::int as waiting from restock_subscriptions
             where variant_id in (${ids}) and status = 'waiting' and created_at > ${cutoff.toISOString()}::timestamptz
             group by variant_id`,
      );
      const waitingOf = new Map(waiting.map((w) => [w.variant_id, w.waiting]));
      const done: string[] = [];
      const later: Array<{ variantId: string; units: number; dueAt: Date }> = [];
      for (const q of queued) {
        const next = afterRound({
          unitsBack: q.units,
          stockNow: q.stock,
          stillWaiting: waitingOf.get(q.variant_id) ?? 0,
          now,
          waveMs: deps.waveMs,
        });
        if (next.kind === "done") done.push(q.variant_id);
        else later.push({ variantId: q.variant_id, units: next.units, dueAt: next.dueAt });
      }
      if (done.length > 0) {
        await tx.execute(
          sql`delete from restock_queue where variant_id in (${sql.join(
            done.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
      }
      if (later.length > 0) {
        const rows = sql.join(
          later.map((l) => sql`(${l.variantId}::uuid, ${l.units}::int, ${l.dueAt.toISOString()}::timestamptz)`),
          sql`, `,
        );
        await tx.execute(sql`
          update restock_queue q set units = l.units, due_at = l.due_at
            from (values ${rows}) as l(variant_id, units, due_at)
           where q.variant_id = l.variant_id`);
      }
      return { notified: notified.reduce((sum, r) => sum + r.notified, 0), variants: queued.length };
    });
    if (result.notified > 0) deps.wakeOutbox?.();
    return { expired: expired.length, ...result };
  }

  return {
    /** Counts one request from `address`; throws 'rate-limited' past the limit. */
    async limit(address: string): Promise<void> {
      if (!(await hit(db, `restock-subscribe:ip:${address}`, rule)).allowed) {
        throw new DomainError("rate-limited", RESTOCK_MESSAGES.tooMany, { reason: "RATE_LIMITED" });
      }
    },

    /**
     * Records a subscription to the variant of `input` (its product, size and colour) for `email` (the
     * account's when `userId` is given). Answers 'recorded', or 'already' when this person waits for it
     * already; throws 'not-found' for an unknown variant or inactive product, 'conflict' for one in stock.
     */
    async subscribe(
      input: SubscribeInput,
      who: { email: string; userId: string | null },
      now = new Date(),
    ): Promise<{ outcome: SubscribeOutcome; slug: string; size: string; color: string }> {
      const [variant] = await queryRows<{ id: string; stock: number; slug: string; size: string; color: string }>(
        db,
        sql`select v.id, v.stock, p.slug, v.size, v.color from product_variants v join products p on p.id = v.product_id
             where v.product_id = ${input.productId} and p.is_active
               and ${
                 input.variantId
                   ? sql`v.id = ${input.variantId}`
                   : sql`v.size = ${input.size} and v.color = ${input.color}`
               }`,
      );
      if (!variant) throw new DomainError("not-found", RESTOCK_MESSAGES.notFound, { reason: "VARIANT_NOT_FOUND" });
      if (variant.stock > 0) throw new DomainError("conflict", RESTOCK_MESSAGES.inStock, { reason: "IN_STOCK" });
      const email = who.email.trim().toLowerCase();
      // A waiting subscription past its 90 days counts as ended: the new request takes its place.
      const rows = await queryRows<{ id: string }>(
        db,
        sql`insert into restock_subscriptions (variant_id, email, user_id, phone, created_at)
            values (${variant.id}, ${email}, ${who.userId}, ${input.phone}, ${now.toISOString()}::timestamptz)
            on conflict (variant_id, email) where status = 'waiting' do update
              set created_at = excluded.created_at, user_id = excluded.user_id, phone = excluded.phone
              where restock_subscriptions.created_at <= ${expiryCutoff(now).toISOString()}::timestamptz
            returning id`,
      );
      return {
        outcome: rows.length > 0 ? "recorded" : "already",
        slug: variant.slug,
        size: variant.size,
        color: variant.color,
      };
    },

    runRound,

    /**
     * Demand waiting by product, size and colour (the owner's reorder list): variants with waiting,
     * unexpired subscriptions, most waited for first.
     */
    async demand(now = new Date(), limit = 500): Promise<DemandRow[]> {
      const rows = await queryRows<{
        product_id: string;
        product_name: string;
        slug: string;
        size: string;
        color: string;
        sku: string;
        stock: number;
        waiting: number;
        oldest: Date | string;
      }>(
        db,
        sql`select p.id as product_id, p.name as product_name, p.slug, v.size, v.color, v.sku, v.stock,
                   w.waiting, w.oldest
              from (select variant_id, count(*)::int as waiting, min(created_at) as oldest
                      from restock_subscriptions
                     where status = 'waiting' and created_at > ${expiryCutoff(now).toISOString()}::timestamptz
                     group by variant_id) w
              join product_variants v on v.id = w.variant_id
              join products p on p.id = v.product_id
             order by w.waiting desc, p.name, v.position
             limit ${limit}`,
      );
      return rows.map((r) => ({
        productId: r.product_id,
        productName: r.product_name,
        slug: r.slug,
        size: r.size,
        color: r.color,
        sku: r.sku,
        stock: r.stock,
        waiting: r.waiting,
        oldest: new Date(r.oldest).toISOString(),
      }));
    },

    /** Runs a round every `intervalMs`, giving way to a saturated process (the yield rule); answers stop. */
    start(intervalMs: number): () => Promise<void> {
      return runPeriodically(
        intervalMs,
        async () => {
          const yieldMs = deps.yieldMs ?? 0;
          if (yieldMs > 0 && saturated(ownBusyMs)) {
            yieldingSince ??= Date.now();
            if (Date.now() - yieldingSince < yieldMs) return;
          }
          yieldingSince = null;
          const started = performance.now();
          try {
            const round = await runRound();
            if (round.notified > 0) log.info(round, "[back-in-stock] round");
          } finally {
            ownBusyMs += performance.now() - started;
          }
        },
        "[back-in-stock] round failed:",
      );
    },
  };
}
