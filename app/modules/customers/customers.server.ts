import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import type { AddressJson } from "#db/schema/index";
import { likePrefix, wordPrefixQuery } from "~/modules/orders/admin-order-query";
import {
  CUSTOMER_COUNT_CAP,
  CUSTOMERS_PAGE_SIZE,
  customerSearchOf,
  mostBought,
  type CustomerFilter,
  type CustomerQuery,
  type CustomerRow,
  type CustomerSort,
} from "./customer-query";

/**
 * What the back office reads about customers (issue 32's order desk): the list (accounts with the
 * customer role, searched and sorted on their figures kept in customer_stats by triggers), one customer's page, the CSV rows. Each is a handful of SQL
 * statements whatever the number of customers or orders: no query per row.
 *
 * An order counts when it is not a test and not an abandoned checkout (cancelled before it was paid), as
 * the dashboard counts them; spent is what was paid less what was refunded.
 */

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

function searchCondition(q: string): SQL {
  const search = customerSearchOf(q);
  switch (search.kind) {
    case "none":
      return sql`true`;
    case "email":
      return sql`lower(u.email) like ${likePrefix(search.prefix)}`;
    case "phone":
      // Its last digits (profiles_phone_suffix_idx): '555 0100' finds '+1 555 0100'.
      return sql`reverse(regexp_replace(p.phone, '[^0-9]', '', 'g')) like ${likePrefix([...search.digits].reverse().join(""))}`;
    case "name": {
      // The whole name from its start, or every word starting a word of it (profiles_name_*_idx).
      const words = wordPrefixQuery(search.words);
      return sql`(lower(p.full_name) like ${likePrefix(search.prefix)}${
        words ? sql` or to_tsvector('simple', p.full_name) @@ to_tsquery('simple', ${words})` : sql``
      })`;
    }
  }
}

/** Each sort on its index of customer_stats (db/schema/customers.ts), the account's id breaking ties. */
const ORDER_BY: Record<CustomerSort, SQL> = {
  last: sql`s.last_order_at desc nulls last, s.user_id`,
  orders: sql`s.orders desc, s.last_order_at desc nulls last, s.user_id`,
  spent: sql`s.spent_cents desc, s.last_order_at desc nulls last, s.user_id`,
  name: sql`lower(coalesce(p.full_name, u.name)), u.id`,
};

interface RawRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  orders: number | null;
  spent: number | null;
  last_at: unknown;
  subscribed: boolean | null;
  joined_at: unknown;
}

const rowOf = (r: RawRow): CustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  orders: Number(r.orders ?? 0),
  spentCents: Number(r.spent ?? 0),
  lastOrderAt: iso(r.last_at),
  subscribed: r.subscribed === true,
  joinedAt: iso(r.joined_at)!,
});

function customerRows(filter: CustomerFilter, limit: number, offset: number): SQL {
  return sql`
    select u.id, coalesce(p.full_name, u.name) as name, u.email, p.phone, s.orders, s.spent_cents as spent,
           s.last_order_at as last_at, p.subscribe_newsletter as subscribed, u.created_at as joined_at
      from customer_stats s
      join "user" u on u.id = s.user_id
      left join profiles p on p.user_id = u.id
     where u.role = 'customer' and ${searchCondition(filter.q)}
     order by ${ORDER_BY[filter.sort]}
     limit ${limit} offset ${offset}`;
}

export interface CustomerPage {
  rows: CustomerRow[];
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
}

export async function listCustomers(db: Db, query: CustomerQuery): Promise<CustomerPage> {
  const [rows, [counted]] = await Promise.all([
    queryRows<RawRow>(db, customerRows(query, CUSTOMERS_PAGE_SIZE, (query.page - 1) * CUSTOMERS_PAGE_SIZE)),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select 1 from "user" u left join profiles p on p.user_id = u.id
             where u.role = 'customer' and ${searchCondition(query.q)} limit ${CUSTOMER_COUNT_CAP + 1}) as c`,
    ),
  ]);
  const n = Number(counted?.n ?? 0);
  const total = Math.min(n, CUSTOMER_COUNT_CAP);
  return {
    rows: rows.map(rowOf),
    total,
    more: n > CUSTOMER_COUNT_CAP,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
  };
}

/** The export's rows in batches of `batch`, in the list's order (all of them, not only 2,000). */
export async function* exportCustomers(db: Db, filter: CustomerFilter, batch = 2_000): AsyncGenerator<CustomerRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = (await queryRows<RawRow>(db, customerRows(filter, batch, offset))).map(rowOf);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

export interface CustomerDetail {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: { address: string | null; city: string | null; postalCode: string | null; country: string | null };
  dateOfBirth: string | null;
  joinedAt: string;
  subscribed: boolean;
  consentAt: string | null;
  orders: Array<{
    orderNumber: string;
    status: string;
    paymentStatus: string;
    totalCents: number;
    refundedCents: number;
    isTest: boolean;
    createdAt: string;
  }>;
  ordersCounted: number;
  spentCents: number;
  /** Spent over paid orders, rounded to the cent; null without one. */
  averageCents: number | null;
  addresses: Array<{ line: string; used: number }>;
  sizes: Array<{ value: string; quantity: number }>;
  colors: Array<{ value: string; quantity: number }>;
  returns: Array<{
    rmaNumber: string;
    orderNumber: string;
    status: string;
    refundCents: number | null;
    createdAt: string;
  }>;
  reviews: Array<{ productName: string; rating: number; title: string; status: string; createdAt: string }>;
}

/** Orders shown on a customer's page at most (newest first). */
export const CUSTOMER_ORDERS_SHOWN = 100;

const addressLine = (a: AddressJson) =>
  [`${a.firstName ?? ""} ${a.lastName ?? ""}`.trim(), a.address, a.apartment, a.city, a.state, a.postalCode, a.country]
    .filter((part) => typeof part === "string" && part.trim() !== "")
    .join(", ");

/** A customer's page: six statements run side by side, none per order. Null when no such customer. */
export async function customerDetail(db: Db, id: string): Promise<CustomerDetail | null> {
  const counted = sql`not o.is_test and not (o.status = 'cancelled' and o.paid_at is null)`;
  const [[person], orderRows, [figures], addressRows, lines, returnRows, reviewRows] = await Promise.all([
    queryRows<{
      id: string;
      name: string;
      email: string;
      phone: string | null;
      address: string | null;
      city: string | null;
      postal_code: string | null;
      country: string | null;
      date_of_birth: unknown;
      joined_at: unknown;
      subscribed: boolean | null;
      consent_at: unknown;
    }>(
      db,
      sql`select u.id, coalesce(p.full_name, u.name) as name, u.email, p.phone, p.address, p.city, p.postal_code,
                 p.country, p.date_of_birth::text as date_of_birth, u.created_at as joined_at,
                 p.subscribe_newsletter as subscribed, p.newsletter_consent_at as consent_at
            from "user" u left join profiles p on p.user_id = u.id
           where u.id = ${id} and u.role = 'customer'`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select order_number, status, payment_status, total_cents, refunded_cents, is_test, created_at
            from orders o where o.user_id = ${id}
           order by created_at desc limit ${CUSTOMER_ORDERS_SHOWN}`,
    ),
    queryRows<{ orders: number; spent: number; paid: number }>(
      db,
      sql`select count(*)::int as orders,
                 coalesce(sum(o.total_cents - o.refunded_cents) filter (where o.payment_status in ('paid', 'refunded')), 0)::float8 as spent,
                 (count(*) filter (where o.payment_status in ('paid', 'refunded')))::int as paid
            from orders o where o.user_id = ${id} and ${counted}`,
    ),
    queryRows<{ address: AddressJson; used: number }>(
      db,
      sql`select o.shipping_address - 'email' - 'phone' as address, count(*)::int as used
            from orders o where o.user_id = ${id} and ${counted}
           group by 1 order by used desc, max(o.created_at) desc limit 10`,
    ),
    queryRows<{ size: string | null; color: string | null; quantity: number }>(
      db,
      sql`select i.size, i.color, sum(i.quantity)::int as quantity
            from order_items i join orders o on o.id = i.order_id
           where o.user_id = ${id} and ${counted} group by i.size, i.color`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select r.rma_number, o.order_number, r.status, r.refund_cents, r.created_at
            from returns r join orders o on o.id = r.order_id
           where r.user_id = ${id} order by r.created_at desc limit 50`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select pr.name as product_name, rv.rating, rv.title, rv.status, rv.created_at
            from reviews rv join products pr on pr.id = rv.product_id
           where rv.user_id = ${id} order by rv.created_at desc limit 50`,
    ),
  ]);
  if (!person) return null;
  const spentCents = Number(figures?.spent ?? 0);
  const paid = Number(figures?.paid ?? 0);
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    phone: person.phone,
    address: { address: person.address, city: person.city, postalCode: person.postal_code, country: person.country },
    dateOfBirth: (person.date_of_birth as string | null) ?? null,
    joinedAt: iso(person.joined_at)!,
    subscribed: person.subscribed === true,
    consentAt: iso(person.consent_at),
    orders: orderRows.map((o) => ({
      orderNumber: String(o.order_number),
      status: String(o.status),
      paymentStatus: String(o.payment_status),
      totalCents: Number(o.total_cents),
      refundedCents: Number(o.refunded_cents),
      isTest: o.is_test === true,
      createdAt: iso(o.created_at)!,
    })),
    ordersCounted: Number(figures?.orders ?? 0),
    spentCents,
    averageCents: paid > 0 ? Math.round(spentCents / paid) : null,
    addresses: addressRows.map((a) => ({ line: addressLine(a.address), used: Number(a.used) })),
    sizes: mostBought(lines.map((l) => ({ value: l.size, quantity: Number(l.quantity) }))),
    colors: mostBought(lines.map((l) => ({ value: l.color, quantity: Number(l.quantity) }))),
    returns: returnRows.map((r) => ({
      rmaNumber: String(r.rma_number),
      orderNumber: String(r.order_number),
      status: String(r.status),
      refundCents: r.refund_cents === null ? null : Number(r.refund_cents),
      createdAt: iso(r.created_at)!,
    })),
    reviews: reviewRows.map((r) => ({
      productName: String(r.product_name),
      rating: Number(r.rating),
      title: String(r.title),
      status: String(r.status),
      createdAt: iso(r.created_at)!,
    })),
  };
}
