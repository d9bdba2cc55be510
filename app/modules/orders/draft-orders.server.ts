import { recordAudit } from "~/modules/audit/audit.server";
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  draftOrderEvents,
  draftOrderLines,
  draftOrders,
  orderDiscounts,
  orderItems,
  orders,
  products,
  productVariants,
  user,
  type AddressJson,
  type DraftEventKind,
} from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { EventBus } from "~/lib/events.server";
import { primaryImage } from "~/modules/catalog/product-rules";
import { variantPrice } from "~/modules/catalog/variant-rules";
import { takeStock, variantsColumn } from "~/modules/catalog/variants.server";
import type { GuestMailer as Mailer } from "./guest-order-mails";
import type { PricingRules, ShippingMethod } from "~/modules/pricing/pricing";
import { actorLabel } from "~/modules/audit/actor-label";
import type { AuditActor as StaffActor } from "~/modules/audit/audit.server";
import { checkCheckout } from "./checkout-checks";
import { draftPayUrl, type DraftLinks } from "./draft-links.server";
import { draftPaymentMail } from "./draft-order-mail";
import {
  canCancel,
  canSend,
  checkDraftMoney,
  DRAFT_MESSAGES,
  DRAFT_STATUSES,
  draftLabel,
  draftStatus,
  draftTotals,
  isEditable,
  linePrice,
  linkExpiry,
  type DraftPayload,
  type DraftStatus,
} from "./draft-order-rules";
import { orderNumberFor, orderTimestamp } from "./order-number";
import { awaitingPayment, restock } from "./order-payment.server";
import { lineLabel } from "./place-order.server";
import { recordStatusChange } from "./status-history.server";

/**
 * Draft orders (issue 32, docs/decisions/0041-draft-orders.md): staff make up an order for a customer,
 * save it as a draft, and send a payment link. Every write takes the StaffActor and runs in one
 * transaction with its event row (`draft_order_events`), so an audit row can join it later. Sending the
 * link makes the draft a real order awaiting payment until `orders.payment_due_at`, at the draft's own
 * prices, and takes its stock; the normal sweeper cancels it at that time and gives the stock back.
 */
export interface DraftOrderDeps {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  links: DraftLinks;
  publicUrl: string;
  /** DRAFT_ORDER_LINK_HOURS. */
  linkHours: number;
  /** The shop's shipping and tax settings and its name, as they are now (cached reads). */
  shop: () => Promise<{ name: string; pricing: PricingRules; shipsTo: readonly string[] }>;
}

export type DraftOrders = ReturnType<typeof createDraftOrders>;

const PAGE_SIZE = 25;

/** The status of a draft, in SQL (the list's filter): the same rule as draftStatus. */
const statusSql = sql<DraftStatus>`case
  when ${orders.paymentStatus} in ('paid', 'refunded') then 'paid'
  when ${draftOrders.cancelledAt} is not null then 'cancelled'
  when ${orders.id} is null then 'draft'
  when ${orders.status} = 'pending' and ${orders.paymentStatus} = 'pending'
    and (${orders.paymentDueAt} is null or ${orders.paymentDueAt} > now()) then 'sent'
  else 'expired' end`;

const inStatus = (status: DraftStatus): SQL => sql`(${statusSql}) = ${status}`;

export interface DraftListQuery {
  status: DraftStatus | "all";
  q: string;
  page: number;
}

export function parseDraftQuery(params: URLSearchParams): DraftListQuery {
  const status = params.get("status") ?? "all";
  const page = Number(params.get("page") ?? "1");
  return {
    status: (DRAFT_STATUSES as readonly string[]).includes(status) ? (status as DraftStatus) : "all",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export interface DraftSummary {
  id: string;
  number: number;
  label: string;
  customerEmail: string;
  customerName: string;
  status: DraftStatus;
  totalCents: number | null;
  orderNumber: string | null;
  paymentDueAt: string | null;
  createdAt: string;
}

export interface DraftLineView {
  id: string;
  productId: string | null;
  variantId: string | null;
  productName: string;
  sku: string;
  size: string;
  color: string;
  imageUrl: string | null;
  quantity: number;
  catalogUnitCents: number;
  unitPriceCents: number;
  priceReason: string | null;
}

export interface DraftView {
  id: string;
  number: number;
  label: string;
  version: string;
  status: DraftStatus;
  customerEmail: string;
  customerUserId: string | null;
  shippingAddress: AddressJson;
  shippingMethod: ShippingMethod;
  shippingCustomCents: number | null;
  discountKind: "fixed" | "percent" | null;
  discountValue: number | null;
  discountReason: string | null;
  note: string | null;
  lines: DraftLineView[];
  order: {
    id: string;
    orderNumber: string;
    status: string;
    paymentStatus: string;
    paymentDueAt: string | null;
    totalCents: number;
  } | null;
  events: Array<{ id: string; kind: DraftEventKind; actorName: string; note: string | null; createdAt: string }>;
  createdByName: string;
  createdAt: string;
}

export interface VariantChoice {
  productId: string;
  name: string;
  imageUrl: string;
  active: boolean;
  variants: Array<{ id: string; size: string; color: string; sku: string; stock: number; priceCents: number }>;
}

export function createDraftOrders(deps: DraftOrderDeps) {
  const { db, events, links } = deps;

  async function list(query: DraftListQuery): Promise<{ rows: DraftSummary[]; page: number; more: boolean }> {
    const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await db
      .select({
        id: draftOrders.id,
        number: draftOrders.number,
        customerEmail: draftOrders.customerEmail,
        address: draftOrders.shippingAddress,
        cancelledAt: draftOrders.cancelledAt,
        createdAt: draftOrders.createdAt,
        orderNumber: orders.orderNumber,
        orderStatus: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentDueAt: orders.paymentDueAt,
        totalCents: orders.totalCents,
      })
      .from(draftOrders)
      .leftJoin(orders, eq(orders.id, draftOrders.orderId))
      .where(
        and(
          query.status === "all" ? undefined : inStatus(query.status),
          like
            ? or(
                ilike(draftOrders.customerEmail, like),
                sql`(${draftOrders.shippingAddress} ->> 'firstName') || ' ' || (${draftOrders.shippingAddress} ->> 'lastName') ilike ${like}`,
                ilike(orders.orderNumber, like),
                sql`'D' || ${draftOrders.number}::text ilike ${like}`,
              )
            : undefined,
        ),
      )
      .orderBy(desc(draftOrders.createdAt), desc(draftOrders.id))
      .limit(PAGE_SIZE + 1)
      .offset((query.page - 1) * PAGE_SIZE);
    const now = new Date();
    return {
      page: query.page,
      more: rows.length > PAGE_SIZE,
      rows: rows.slice(0, PAGE_SIZE).map((r) => ({
        id: r.id,
        number: r.number,
        label: draftLabel(r.number),
        customerEmail: r.customerEmail,
        customerName: `${r.address.firstName} ${r.address.lastName}`.trim(),
        status: draftStatus(
          {
            cancelledAt: r.cancelledAt,
            order: r.orderStatus
              ? { status: r.orderStatus, paymentStatus: r.paymentStatus!, paymentDueAt: r.paymentDueAt }
              : null,
          },
          now,
        ),
        totalCents: r.totalCents,
        orderNumber: r.orderNumber,
        paymentDueAt: r.paymentDueAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async function get(id: string, conn: Db | Tx = db): Promise<DraftView | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await conn
      .select({
        draft: draftOrders,
        order: {
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentDueAt: orders.paymentDueAt,
          totalCents: orders.totalCents,
        },
      })
      .from(draftOrders)
      .leftJoin(orders, eq(orders.id, draftOrders.orderId))
      .where(eq(draftOrders.id, id));
    if (!row) return null;
    const [lines, history] = await Promise.all([
      conn.select().from(draftOrderLines).where(eq(draftOrderLines.draftId, id)).orderBy(asc(draftOrderLines.position)),
      conn
        .select()
        .from(draftOrderEvents)
        .where(eq(draftOrderEvents.draftId, id))
        .orderBy(desc(draftOrderEvents.createdAt), desc(draftOrderEvents.id)),
    ]);
    const d = row.draft;
    const order = row.order?.id ? row.order : null;
    return {
      id: d.id,
      number: d.number,
      label: draftLabel(d.number),
      version: d.updatedAt.toISOString(),
      status: draftStatus({ cancelledAt: d.cancelledAt, order }, new Date()),
      customerEmail: d.customerEmail,
      customerUserId: d.customerUserId,
      shippingAddress: d.shippingAddress,
      shippingMethod: d.shippingMethod as ShippingMethod,
      shippingCustomCents: d.shippingCustomCents,
      discountKind: d.discountKind as "fixed" | "percent" | null,
      discountValue: d.discountValue,
      discountReason: d.discountReason,
      note: d.note,
      lines: lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        variantId: l.variantId,
        productName: l.productName,
        sku: l.sku,
        size: l.size,
        color: l.color,
        imageUrl: l.imageUrl,
        quantity: l.quantity,
        catalogUnitCents: l.catalogUnitCents,
        unitPriceCents: l.unitPriceCents,
        priceReason: l.priceReason,
      })),
      order: order
        ? {
            id: order.id!,
            orderNumber: order.orderNumber!,
            status: order.status!,
            paymentStatus: order.paymentStatus!,
            paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
            totalCents: order.totalCents!,
          }
        : null,
      events: history.map((e) => ({
        id: e.id,
        kind: e.kind as DraftEventKind,
        actorName: e.actorName,
        note: e.note,
        createdAt: e.createdAt.toISOString(),
      })),
      createdByName: d.createdByName,
      createdAt: d.createdAt.toISOString(),
    };
  }

  /** Products matching a search (name or SKU), with their variants and prices: the editor's item picker. */
  async function searchVariants(q: string): Promise<VariantChoice[]> {
    const text = q.trim().slice(0, 100);
    if (text.length === 0) return [];
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        imageUrl: products.imageUrl,
        images: products.images,
        isActive: products.isActive,
        variants: variantsColumn(),
      })
      .from(products)
      .where(
        or(
          ilike(products.name, like),
          ilike(products.sku, like),
          sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.sku ilike ${like})`,
        ),
      )
      .orderBy(desc(products.isActive), asc(products.name))
      .limit(10);
    return rows.map((p) => ({
      productId: p.id,
      name: p.name,
      imageUrl: primaryImage(p),
      active: p.isActive,
      variants: p.variants.map((v) => ({
        id: v.id,
        size: v.size,
        color: v.color,
        sku: v.sku,
        stock: v.stock,
        priceCents: variantPrice(p.priceCents, v),
      })),
    }));
  }

  /** The draft's row, locked for this transaction, with its status; throws 404 when there is none. */
  async function locked(tx: Tx, id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("not-found", DRAFT_MESSAGES.notFound);
    const [draft] = await tx.select().from(draftOrders).where(eq(draftOrders.id, id)).for("update");
    if (!draft) throw new DomainError("not-found", DRAFT_MESSAGES.notFound);
    const [order] = draft.orderId
      ? await tx
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
            paymentDueAt: orders.paymentDueAt,
          })
          .from(orders)
          .where(eq(orders.id, draft.orderId))
      : [];
    return {
      draft,
      order: order ?? null,
      status: draftStatus({ cancelledAt: draft.cancelledAt, order: order ?? null }, new Date()),
    };
  }

  async function event(
    tx: Tx,
    draftId: string,
    kind: DraftEventKind,
    actor: StaffActor | null,
    note: string | null = null,
    orderId: string | null = null,
  ) {
    await tx.insert(draftOrderEvents).values({
      draftId,
      orderId,
      kind,
      actorId: actor?.id ?? null,
      actorName: actor ? actorLabel(actor) : "System",
      note,
    });
    // Staff's steps go to the audit trail too, in the same transaction (the clock's expiry is no one's).
    if (actor) {
      await recordAudit(tx, actor, [
        {
          action: `draft-order.${kind}`,
          objectType: "draft-order",
          objectId: draftId,
          ...(note ? { changes: { note: [null, note] } } : {}),
        },
      ]);
    }
  }

  /**
   * Creates (id null) or saves a draft from the editor's payload, in one transaction: the address by the
   * checkout's own rules, the prices by draft-order-rules, the variants read from the catalogue (their
   * names, SKUs and catalogue prices kept on the lines), the customer's account found by e-mail.
   * Refuses a draft whose link is out, or that is paid or cancelled, and a form opened before another save.
   */
  async function save(actor: StaffActor, id: string | null, payload: DraftPayload): Promise<{ id: string }> {
    const { shipsTo } = await deps.shop();
    const address = checkCheckout(
      { ...payload.address, shippingMethod: payload.shippingMethod, sameAsShipping: true },
      shipsTo,
    );
    const money = checkDraftMoney(payload);
    const errors: Record<string, string> = {
      ...(address.ok ? {} : address.fieldErrors),
      ...(money.ok ? {} : money.errors),
    } as Record<string, string>;
    if (payload.lines.length === 0) errors.lines = DRAFT_MESSAGES.noLines;
    const variantIds = [...new Set(payload.lines.map((l) => l.variantId))];
    const found =
      variantIds.length === 0
        ? []
        : await db
            .select({
              id: productVariants.id,
              productId: products.id,
              name: products.name,
              size: productVariants.size,
              color: productVariants.color,
              sku: productVariants.sku,
              variantPriceCents: productVariants.priceCents,
              priceCents: products.priceCents,
              imageUrl: products.imageUrl,
              images: products.images,
            })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(inArray(productVariants.id, variantIds));
    const byId = new Map(found.map((v) => [v.id, v]));
    const lines = payload.lines.map((line, index) => {
      const variant = byId.get(line.variantId);
      if (!variant) {
        errors[`lines.${index}.variantId`] = DRAFT_MESSAGES.unknownVariant;
        return null;
      }
      const catalogUnitCents = variantPrice(variant.priceCents, { priceCents: variant.variantPriceCents });
      const price = linePrice(line, catalogUnitCents);
      if (!price.ok) {
        errors[`lines.${index}.${price.field}`] = price.message;
        return null;
      }
      return {
        position: index,
        productId: variant.productId,
        variantId: variant.id,
        productName: variant.name,
        sku: variant.sku,
        size: variant.size,
        color: variant.color,
        imageUrl: primaryImage(variant),
        quantity: line.quantity,
        catalogUnitCents,
        unitPriceCents: price.unitPriceCents,
        priceReason: price.reason,
      };
    });
    if (Object.keys(errors).length > 0 || !address.ok || !money.ok) {
      throw new DomainError("invalid", Object.values(errors)[0] ?? DRAFT_MESSAGES.noLines, { fieldErrors: errors });
    }
    const shippingAddress = address.details.shippingAddress;
    const email = shippingAddress.email.trim().toLowerCase();
    const values = {
      customerEmail: email,
      shippingAddress: { ...shippingAddress, email },
      shippingMethod: payload.shippingMethod,
      shippingCustomCents: money.value.shippingCustomCents,
      discountKind: money.value.discount?.kind ?? null,
      discountValue: money.value.discount?.value ?? null,
      discountReason: money.value.discountReason,
      note: payload.note || null,
    };
    return db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`)
        .limit(1);
      const customerUserId = account?.id ?? null;
      let draftId: string;
      const now = new Date();
      if (id === null) {
        const [created] = await tx
          .insert(draftOrders)
          .values({ ...values, customerUserId, createdById: actor.id, createdByName: actorLabel(actor) })
          .returning({ id: draftOrders.id });
        draftId = created!.id;
        await event(tx, draftId, "created", actor);
      } else {
        const current = await locked(tx, id);
        if (!isEditable(current.status)) throw new DomainError("conflict", DRAFT_MESSAGES.notEditable);
        if (payload.version && payload.version !== current.draft.updatedAt.toISOString()) {
          throw new DomainError("conflict", DRAFT_MESSAGES.stale);
        }
        draftId = id;
        await tx
          .update(draftOrders)
          .set({ ...values, customerUserId, updatedAt: now })
          .where(eq(draftOrders.id, id));
        await tx.delete(draftOrderLines).where(eq(draftOrderLines.draftId, id));
        await event(tx, draftId, "saved", actor);
      }
      const rows = lines.filter((l) => l !== null).map((l) => ({ ...l, draftId }));
      if (rows.length > 0) await tx.insert(draftOrderLines).values(rows);
      return { id: draftId };
    });
  }

  /**
   * The order a draft stands for, written in `tx`: its lines at the draft's prices, totals by
   * draftTotals with the shop's rules of now, awaiting payment until `dueAt`, its stock taken (refused
   * with the line that is short). Answers the order.
   */
  async function writeOrder(
    tx: Tx,
    draft: typeof draftOrders.$inferSelect,
    lines: Array<typeof draftOrderLines.$inferSelect>,
    actor: StaffActor,
    dueAt: Date,
    rules: PricingRules,
  ) {
    if (lines.length === 0) throw new DomainError("invalid", DRAFT_MESSAGES.noLines);
    const missing = lines.find((l) => l.variantId === null || l.productId === null);
    if (missing) {
      throw new DomainError(
        "conflict",
        `${lineLabel(missing.productName, missing)} is no longer in the catalogue. Remove it from the draft.`,
      );
    }
    const discount =
      draft.discountKind && draft.discountValue !== null
        ? { kind: draft.discountKind as "fixed" | "percent", value: draft.discountValue }
        : null;
    const totals = draftTotals(
      lines,
      {
        method: draft.shippingMethod as ShippingMethod,
        shippingCustomCents: draft.shippingCustomCents,
        discount,
        destination: draft.shippingAddress,
      },
      rules,
    );
    // Order numbers are unique per process (orderTimestamp); a clash with another instance fails this
    // send as a 409 and the next click takes the next number.
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: orderNumberFor(orderTimestamp()),
        userId: draft.customerUserId,
        status: "pending",
        paymentStatus: "pending",
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        shippingCents: totals.shippingCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        shippingMethod: draft.shippingMethod,
        shippingAddress: draft.shippingAddress,
        customerEmail: draft.customerEmail,
        draftOrderId: draft.id,
        paymentDueAt: dueAt,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (!order) throw new Error("the draft's order was not written");
    await tx.insert(orderItems).values(
      lines.map((l, i) => ({
        orderId: order.id,
        productId: l.productId,
        variantId: l.variantId,
        productName: l.productName,
        productSku: l.sku,
        imageUrl: l.imageUrl,
        size: l.size || null,
        color: l.color || null,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        totalPriceCents: l.unitPriceCents * l.quantity,
        discountCents: totals.lineDiscountCents[i] ?? 0,
      })),
    );
    if (totals.discountCents > 0) {
      await tx.insert(orderDiscounts).values({
        orderId: order.id,
        userId: draft.customerUserId,
        title: draft.discountReason ? `Staff discount: ${draft.discountReason}` : "Staff discount",
        kind: "amount",
        amountCents: totals.discountCents,
      });
    }
    await recordStatusChange(tx, {
      orderId: order.id,
      from: null,
      to: { status: "pending", paymentStatus: "pending" },
      actor: { id: actor.id, name: actorLabel(actor) },
      note: `Draft ${draftLabel(draft.number)}: payment link sent`,
    });
    const short = await takeStock(
      tx,
      lines.map((l) => ({ variantId: l.variantId!, productId: l.productId!, quantity: l.quantity })),
    );
    if (short) {
      const line = lines.find((l) => l.variantId === short)!;
      const [left] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, short));
      const wanted = lines.filter((l) => l.variantId === short).reduce((sum, l) => sum + l.quantity, 0);
      throw new DomainError(
        "conflict",
        `Not enough stock for ${lineLabel(line.productName, line)}: ${left?.stock ?? 0} left, the draft asks for ${wanted}.`,
        { reason: "OUT_OF_STOCK" },
      );
    }
    return { ...order, totals };
  }

  /** An order still awaiting payment whose link ran out (the sweeper has not come by yet): cancelled, stock back. */
  async function closeExpired(tx: Tx, orderId: string, note: string): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ status: "cancelled", paymentStatus: "failed", updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), awaitingPayment()))
      .returning({ id: orders.id });
    if (rows.length === 0) return false;
    await recordStatusChange(tx, {
      orderId,
      from: { status: "pending", paymentStatus: "pending" },
      to: { status: "cancelled", paymentStatus: "failed" },
      actor: { id: null, name: "System" },
      note,
    });
    await restock(tx, [orderId]);
    return true;
  }

  /**
   * Sends (or sends again) a draft's payment link. One transaction: a draft never sent, or whose link ran
   * out, becomes a new order awaiting payment until now + DRAFT_ORDER_LINK_HOURS with its stock taken (the
   * run-out order, if the sweeper has not closed it yet, is closed first and its stock given back); a
   * draft whose link is out keeps its order and stock and gets the new expiry. Then the e-mail, after the
   * commit; a mail that fails is recorded on the draft ('mail_failed') and said, and can be sent again.
   */
  async function send(
    actor: StaffActor,
    id: string,
    now = new Date(),
  ): Promise<{ orderNumber: string; expiresAt: Date; mailed: boolean; mailError: string | null }> {
    const shop = await deps.shop();
    const dueAt = linkExpiry(now, deps.linkHours);
    const result = await db.transaction(async (tx) => {
      const { draft, order, status } = await locked(tx, id);
      if (!canSend(status)) throw new DomainError("conflict", DRAFT_MESSAGES.notSendable);
      const lines = await tx
        .select()
        .from(draftOrderLines)
        .where(eq(draftOrderLines.draftId, id))
        .orderBy(asc(draftOrderLines.position));
      if (status === "sent" && order) {
        await tx.update(orders).set({ paymentDueAt: dueAt, updatedAt: now }).where(eq(orders.id, order.id));
        await event(
          tx,
          id,
          "link_resent",
          actor,
          `To ${draft.customerEmail}, valid until ${dueAt.toISOString()}`,
          order.id,
        );
        await tx.update(draftOrders).set({ updatedAt: now }).where(eq(draftOrders.id, id));
        const [stored] = await tx.select().from(orders).where(eq(orders.id, order.id));
        return { draft, lines, order: stored!, restocked: false, taken: false };
      }
      const restocked = order ? await closeExpired(tx, order.id, "Payment link expired") : false;
      const written = await writeOrder(tx, draft, lines, actor, dueAt, shop.pricing);
      await tx.update(draftOrders).set({ orderId: written.id, updatedAt: now }).where(eq(draftOrders.id, id));
      await event(
        tx,
        id,
        order ? "link_resent" : "link_sent",
        actor,
        `To ${draft.customerEmail}, valid until ${dueAt.toISOString()}`,
        written.id,
      );
      const [stored] = await tx.select().from(orders).where(eq(orders.id, written.id));
      return { draft, lines, order: stored!, restocked, taken: true };
    });
    if (result.taken || result.restocked) {
      await events.emit("catalog.changed", { reason: `draft ${draftLabel(result.draft.number)} sent` });
    }
    const o = result.order;
    const mail = draftPaymentMail({
      to: result.draft.customerEmail,
      firstName: result.draft.shippingAddress.firstName,
      shopName: shop.name,
      orderNumber: o.orderNumber,
      lines: result.lines.map((l) => ({
        name: l.productName,
        size: l.size,
        color: l.color,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
      })),
      subtotalCents: o.subtotalCents,
      discountCents: o.discountCents,
      discountReason: result.draft.discountReason,
      shippingCents: o.shippingCents,
      shippingMethod: o.shippingMethod as ShippingMethod,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      note: result.draft.note,
      payUrl: draftPayUrl(deps.publicUrl, o.orderNumber, links.token(o.orderNumber, dueAt)),
      expiresAt: dueAt,
    });
    try {
      await deps.mailer.send(mail);
      return { orderNumber: o.orderNumber, expiresAt: dueAt, mailed: true, mailError: null };
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 300) : "the mail server refused it";
      await db.transaction((tx) => event(tx, id, "mail_failed", null, message, o.id));
      return { orderNumber: o.orderNumber, expiresAt: dueAt, mailed: false, mailError: message };
    }
  }

  /** Cancels a draft: its order, if it still waits for payment, is cancelled and its stock given back. */
  async function cancel(actor: StaffActor, id: string): Promise<void> {
    const restocked = await db.transaction(async (tx) => {
      const { order, status } = await locked(tx, id);
      if (!canCancel(status)) throw new DomainError("conflict", DRAFT_MESSAGES.notCancellable);
      let back = false;
      if (order) {
        const rows = await tx
          .update(orders)
          .set({ status: "cancelled", paymentStatus: "failed", updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), awaitingPayment()))
          .returning({ id: orders.id });
        if (rows.length > 0) {
          await recordStatusChange(tx, {
            orderId: order.id,
            from: { status: "pending", paymentStatus: "pending" },
            to: { status: "cancelled", paymentStatus: "failed" },
            actor: { id: actor.id, name: actorLabel(actor) },
            note: "Draft cancelled",
          });
          await restock(tx, [order.id]);
          back = true;
        }
      }
      await tx
        .update(draftOrders)
        .set({ cancelledAt: new Date(), updatedAt: new Date() })
        .where(eq(draftOrders.id, id));
      await event(tx, id, "cancelled", actor, null, order?.id ?? null);
      return back;
    });
    if (restocked) await events.emit("catalog.changed", { reason: "draft order cancelled" });
  }

  return { list, get, searchVariants, save, send, cancel };
}

// ——— The customer's side: the payment page ———

export interface DraftPayView {
  orderId: string;
  orderNumber: string;
  state: "payable" | "paid" | "expired";
  customerName: string;
  email: string;
  phone: string;
  shippingAddress: AddressJson;
  shippingMethod: ShippingMethod;
  lines: Array<{
    name: string;
    size: string | null;
    color: string | null;
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
    imageUrl: string | null;
  }>;
  subtotalCents: number;
  discountCents: number;
  discountReason: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  note: string | null;
  paymentDueAt: string | null;
}

/**
 * A draft's order as its payment page shows it, for a genuine unexpired link only (null otherwise, the
 * same for a forged, expired or unknown one): the order's own lines and totals, never the catalogue's.
 */
export async function draftOrderForLink(
  db: Db,
  links: DraftLinks,
  orderNumber: string,
  token: unknown,
  now = new Date(),
): Promise<DraftPayView | null> {
  const link = links.read(token, now);
  if (!link || link.orderNumber !== orderNumber) return null;
  const [row] = await db
    .select({ order: orders, draft: { note: draftOrders.note, discountReason: draftOrders.discountReason } })
    .from(orders)
    .innerJoin(draftOrders, eq(draftOrders.id, orders.draftOrderId))
    .where(eq(orders.orderNumber, orderNumber));
  if (!row) return null;
  const o = row.order;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const paid = o.paymentStatus === "paid" || o.paymentStatus === "refunded";
  const waiting = o.status === "pending" && o.paymentStatus === "pending";
  const due = o.paymentDueAt === null || o.paymentDueAt.getTime() > now.getTime();
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    state: paid ? "paid" : waiting && due ? "payable" : "expired",
    customerName: `${o.shippingAddress.firstName} ${o.shippingAddress.lastName}`.trim(),
    email: o.customerEmail,
    phone: o.shippingAddress.phone,
    shippingAddress: o.shippingAddress,
    shippingMethod: o.shippingMethod as ShippingMethod,
    lines: items.map((i) => ({
      name: i.productName,
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      totalPriceCents: i.totalPriceCents,
      imageUrl: i.imageUrl,
    })),
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    discountReason: row.draft.discountReason,
    shippingCents: o.shippingCents,
    taxCents: o.taxCents,
    totalCents: o.totalCents,
    note: row.draft.note,
    paymentDueAt: o.paymentDueAt?.toISOString() ?? null,
  };
}
