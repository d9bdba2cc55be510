-- The sales roll-up of the /secure-admin Analytics (docs/decisions/0014-sales-roll-up.md): tables kept by
-- triggers on orders and order_items in the transaction of every write, filled here from the orders there
-- are. Writers wait until this migration commits, so the backfill misses no order.
LOCK TABLE "orders", "order_items" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "sales_customer_days" (
	"day" date NOT NULL,
	"customer_no" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_customer_days_day_customer_no_pk" PRIMARY KEY("day","customer_no")
);
--> statement-breakpoint
CREATE TABLE "sales_customers" (
	"customer_key" text PRIMARY KEY NOT NULL,
	"customer_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "sales_customers_customer_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "sales_customers_customerNo_unique" UNIQUE("customer_no")
);
--> statement-breakpoint
CREATE TABLE "sales_day_lines" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"shard" smallint NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_lines_day_kind_key_shard_pk" PRIMARY KEY("day","kind","key","shard"),
	CONSTRAINT "sales_day_lines_kind_check" CHECK ("sales_day_lines"."kind" in ('product', 'orphan', 'size', 'color'))
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"test_orders" integer DEFAULT 0 NOT NULL,
	"cancelled_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_day_payment_method_shard_pk" PRIMARY KEY("day","payment_method","shard")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_day" date;--> statement-breakpoint
-- A sale: not a test order, not cancelled, paid. Its day: the UTC day of created_at.
CREATE FUNCTION sales_is_sale(is_test boolean, status text, payment_status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select not $1 and $2 <> 'cancelled' and $3 = 'paid' $$;--> statement-breakpoint
CREATE FUNCTION sales_day_of(created_at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select ($1 at time zone 'UTC')::date $$;--> statement-breakpoint
-- The shard an order's figures are added to: 0 to 7 by the order id for today and yesterday (UTC), where
-- concurrent payments meet; 0 for older days (fold_sales_roll_up moves their shards there).
CREATE FUNCTION sales_shard(order_id uuid, day date) RETURNS smallint
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ select case when $2 >= (now() at time zone 'UTC')::date - 1
                    then (get_byte(uuid_send($1), 15) % 8)::smallint else 0::smallint end $$;--> statement-breakpoint
-- What an order adds to the roll-up (sign 1) or takes back (sign -1). An order without a payment method
-- counts under 'unknown', as the Analytics page shows it (UNKNOWN_METHOD in sales-analytics.server.ts).
-- The customer: the account, or the lower-cased e-mail of an order placed without one.
CREATE TYPE sales_order_change AS (
  order_id uuid, day date, payment_method text, customer_key text,
  sale integer, revenue_cents bigint, test_orders integer, cancelled_orders integer
);--> statement-breakpoint
CREATE FUNCTION sales_order_change_of(
  id uuid, created_at timestamptz, payment_method text, user_id text, customer_email text,
  is_test boolean, status text, payment_status text, total_cents integer, sign integer
) RETURNS sales_order_change
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select row($1, sales_day_of($2), coalesce($3, 'unknown'), coalesce($4, lower($5)),
                   $10 * sales_is_sale($6, $7, $8)::int,
                   $10 * (case when sales_is_sale($6, $7, $8) then $9 else 0 end)::bigint,
                   $10 * $6::int, $10 * (not $6 and $7 = 'cancelled')::int)::sales_order_change $$;--> statement-breakpoint
-- What a line adds (its units and revenue) or takes back (negated), under the day it is counted on.
CREATE TYPE sales_line_change AS (
  order_id uuid, day date, product_id uuid, product_name text, size text, color text,
  units bigint, revenue_cents bigint
);--> statement-breakpoint
-- The day an order's lines are counted on: its day while it is a sale, none otherwise.
CREATE FUNCTION sales_line_day(is_test boolean, status text, payment_status text, created_at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select case when sales_is_sale($1, $2, $3) then sales_day_of($4) end $$;--> statement-breakpoint
-- The three keys a line counts under: its product (or, the product deleted, its name), its size and its
-- colour (trimmed, '' for none).
CREATE FUNCTION sales_line_keys(product_id uuid, product_name text, size text, color text)
  RETURNS TABLE (kind text, key text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ values (case when $1 is null then 'orphan' else 'product' end, coalesce($1::text, $2)),
               ('size', coalesce(btrim($3), '')),
               ('color', coalesce(btrim($4), '')) $$;--> statement-breakpoint
-- A line whose sale_day changes: what it was counted under, and what it will be.
CREATE TYPE sales_line_move AS (
  id uuid, order_id uuid, old_day date, new_day date, product_id uuid, product_name text, size text,
  color text, quantity integer, total_price_cents integer
);--> statement-breakpoint
-- Plans, for the three plpgsql functions below (sales_count_lines and the two triggers' functions):
-- plpgsql plans a statement once per connection and keeps the plan, whatever the tables hold later (PGlite
-- has one connection for the life of the process). So:
-- - generic plans (plan_cache_mode), planned once rather than at every payment;
-- - no query joins a statement's old and new rows (a join planned for one row went quadratic on 100,000):
--   they are netted by grouping instead;
-- - no sequential scans, hash or merge joins, and tables read only by key: from a LATERAL subquery over an
--   array's elements, fenced with OFFSET 0 so that the planner cannot turn it round, or by `id = any(array)`
--   alone in its statement. A plan made while a table was empty (a new shop, or empty tables analysed at
--   start) would otherwise start from a full scan of it and look each row up in the array: quadratic as the
--   table fills. What is left is index look-ups per changed row, whatever the sizes when it was planned.
-- Sets sale_day on the lines of these orders as the orders are now, and counts what that changes in
-- sales_day_lines (taken back from the old day, added to the new): the lines are locked and read as they
-- are, updated day by day, and their keys' rows upserted in key order. With lock_orders (a change of lines,
-- whose orders this transaction may not hold), the orders are locked FOR SHARE first: a line written while
-- another transaction pays its order waits for that payment (and is then counted), or makes the payment
-- wait (and the payment counts it); neither misses it. (A change of orders holds their rows already.)
-- While it updates, the setting abundance.sales_roll_up is 'counting' (for this transaction): the trigger
-- on order_items then leaves these updates alone, so nothing is counted twice.
CREATE FUNCTION sales_count_lines(order_ids uuid[], lock_orders boolean) RETURNS void
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  AS $$
declare
  moves sales_line_move[];
  day_moves record;
begin
  if lock_orders then
    perform from (select 1 from unnest(order_ids) as x(id)
                   cross join lateral (select 1 from orders o where o.id = x.id for share offset 0) as o) as locked;
  end if;
  select array_agg(row(i.id, i.order_id, i.sale_day, o.new_day, i.product_id, i.product_name, i.size, i.color,
                       i.quantity, i.total_price_cents)::sales_line_move order by i.id)
    into moves
    from unnest(order_ids) as x(id)
   cross join lateral (select sales_line_day(o.is_test, o.status, o.payment_status, o.created_at) as new_day
                         from orders o
                        where o.id = x.id
                       offset 0) as o
   cross join lateral (select *
                         from order_items i
                        where i.order_id = x.id
                          and i.sale_day is distinct from o.new_day
                          for update
                       offset 0) as i;
  if moves is null then
    return;
  end if;

  perform set_config('abundance.sales_roll_up', 'counting', true);
  for day_moves in select m.new_day, array_agg(m.id) as ids from unnest(moves) as m group by m.new_day loop
    update order_items set sale_day = day_moves.new_day where id = any (day_moves.ids);
  end loop;
  perform set_config('abundance.sales_roll_up', '', true);

  insert into sales_day_lines as s (day, kind, key, shard, units, revenue_cents)
  select c.day, k.kind, k.key, sales_shard(c.order_id, c.day), sum(c.units), sum(c.revenue_cents)
    from (select m.order_id, m.old_day as day, m.product_id, m.product_name, m.size, m.color,
                 -m.quantity::bigint as units, -m.total_price_cents::bigint as revenue_cents
            from unnest(moves) as m
           where m.old_day is not null
          union all
          select m.order_id, m.new_day, m.product_id, m.product_name, m.size, m.color,
                 m.quantity::bigint, m.total_price_cents::bigint
            from unnest(moves) as m
           where m.new_day is not null) as c
   cross join lateral sales_line_keys(c.product_id, c.product_name, c.size, c.color) as k
   group by 1, 2, 3, 4
  having sum(c.units) <> 0 or sum(c.revenue_cents) <> 0
   order by 1, 2, 3, 4
  on conflict (day, kind, key, shard) do update
     set units = s.units + excluded.units, revenue_cents = s.revenue_cents + excluded.revenue_cents;
end $$;--> statement-breakpoint
-- After every INSERT, UPDATE and DELETE statement on orders. What the statement's rows count for before
-- (taken back) and after (added) is netted, so that rows whose figures, customer and day did not change
-- drop out; the rest goes into sales_days, sales_customers and sales_customer_days, rows in key order (two
-- transactions never lock the same rows in opposite orders); then the lines of the orders that became or
-- stopped being sales (or moved day) are counted anew (sales_count_lines).
CREATE FUNCTION sales_roll_up_orders() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  AS $$
declare
  changes sales_order_change[];
begin
  if tg_op = 'INSERT' then
    select array_agg(sales_order_change_of(n.id, n.created_at, n.payment_method, n.user_id, n.customer_email,
                                           n.is_test, n.status, n.payment_status, n.total_cents, 1))
      into changes
      from new_rows n
     where n.is_test or n.status = 'cancelled' or n.payment_status = 'paid';
  elsif tg_op = 'DELETE' then
    select array_agg(sales_order_change_of(o.id, o.created_at, o.payment_method, o.user_id, o.customer_email,
                                           o.is_test, o.status, o.payment_status, o.total_cents, -1))
      into changes
      from old_rows o
     where o.is_test or o.status = 'cancelled' or o.payment_status = 'paid';
  else
    select array_agg(row(c.order_id, c.day, c.payment_method, c.customer_key, c.net * c.sale,
                         c.net * c.revenue_cents, c.net * c.test_orders, c.net * c.cancelled_orders)::sales_order_change)
      into changes
      from (select (x.c).order_id, (x.c).day, (x.c).payment_method, (x.c).customer_key, (x.c).sale,
                   (x.c).revenue_cents, (x.c).test_orders, (x.c).cancelled_orders, sum(x.sign) as net
              from (select sales_order_change_of(o.id, o.created_at, o.payment_method, o.user_id, o.customer_email,
                                                 o.is_test, o.status, o.payment_status, o.total_cents, 1) as c,
                           -1 as sign
                      from old_rows o
                     where o.is_test or o.status = 'cancelled' or o.payment_status = 'paid'
                    union all
                    select sales_order_change_of(n.id, n.created_at, n.payment_method, n.user_id, n.customer_email,
                                                 n.is_test, n.status, n.payment_status, n.total_cents, 1),
                           1
                      from new_rows n
                     where n.is_test or n.status = 'cancelled' or n.payment_status = 'paid') as x
             group by 1, 2, 3, 4, 5, 6, 7, 8
            having sum(x.sign) <> 0) as c;
  end if;
  if changes is null then
    return null;
  end if;

  insert into sales_days as s (day, payment_method, shard, orders, revenue_cents, test_orders, cancelled_orders)
  select c.day, c.payment_method, sales_shard(c.order_id, c.day),
         sum(c.sale), sum(c.revenue_cents), sum(c.test_orders), sum(c.cancelled_orders)
    from unnest(changes) as c
   group by 1, 2, 3
  having sum(c.sale) <> 0 or sum(c.revenue_cents) <> 0 or sum(c.test_orders) <> 0 or sum(c.cancelled_orders) <> 0
   order by 1, 2, 3
  on conflict (day, payment_method, shard) do update
     set orders = s.orders + excluded.orders,
         revenue_cents = s.revenue_cents + excluded.revenue_cents,
         test_orders = s.test_orders + excluded.test_orders,
         cancelled_orders = s.cancelled_orders + excluded.cancelled_orders;

  -- Only orders whose sale count changed can have changed customers or lines.
  if not exists (select 1 from unnest(changes) as c where c.sale <> 0) then
    return null;
  end if;
  -- Known customers are left out first: the identity's next number is drawn for every row inserted, even
  -- one that ON CONFLICT then drops.
  insert into sales_customers (customer_key)
  select distinct c.customer_key
    from unnest(changes) as c
   where c.sale > 0
     and not exists (select from (select 1 from sales_customers k where k.customer_key = c.customer_key offset 0) as known)
   order by 1
  on conflict do nothing;
  insert into sales_customer_days as s (day, customer_no, orders)
  select c.day, k.customer_no, sum(c.sale)
    from unnest(changes) as c
   cross join lateral (select k.customer_no from sales_customers k where k.customer_key = c.customer_key offset 0) as k
   where c.sale <> 0
   group by 1, 2
  having sum(c.sale) <> 0
   order by 1, 2
  on conflict (day, customer_no) do update set orders = s.orders + excluded.orders;

  perform sales_count_lines(array(select distinct c.order_id from unnest(changes) as c where c.sale <> 0), false);
  return null;
end $$;--> statement-breakpoint
-- After every INSERT, UPDATE and DELETE statement on order_items, except sales_count_lines' own updates of
-- sale_day (counted where they are made). The changes of counted lines (a line counts while its sale_day
-- is set), netted as for orders, go into sales_day_lines, rows in key order; then the lines of the orders
-- concerned are counted as those orders are now.
CREATE FUNCTION sales_roll_up_items() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET enable_seqscan = off
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  AS $$
declare
  changes sales_line_change[];
begin
  if current_setting('abundance.sales_roll_up', true) = 'counting' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(row(n.order_id, n.sale_day, n.product_id, n.product_name, n.size, n.color,
                         n.quantity, n.total_price_cents)::sales_line_change)
      into changes
      from new_rows n
     where n.sale_day is not null;
  elsif tg_op = 'DELETE' then
    select array_agg(row(o.order_id, o.sale_day, o.product_id, o.product_name, o.size, o.color,
                         -o.quantity, -o.total_price_cents)::sales_line_change)
      into changes
      from old_rows o
     where o.sale_day is not null;
  else
    select array_agg(row(c.order_id, c.sale_day, c.product_id, c.product_name, c.size, c.color,
                         c.net * c.quantity, c.net * c.total_price_cents)::sales_line_change)
      into changes
      from (select x.order_id, x.sale_day, x.product_id, x.product_name, x.size, x.color, x.quantity,
                   x.total_price_cents, sum(x.sign) as net
              from (select o.order_id, o.sale_day, o.product_id, o.product_name, o.size, o.color, o.quantity,
                           o.total_price_cents::bigint, -1 as sign
                      from old_rows o
                     where o.sale_day is not null
                    union all
                    select n.order_id, n.sale_day, n.product_id, n.product_name, n.size, n.color, n.quantity,
                           n.total_price_cents::bigint, 1
                      from new_rows n
                     where n.sale_day is not null) as x
             group by 1, 2, 3, 4, 5, 6, 7, 8
            having sum(x.sign) <> 0) as c;
  end if;
  if changes is not null then
    insert into sales_day_lines as s (day, kind, key, shard, units, revenue_cents)
    select c.day, v.kind, v.key, sales_shard(c.order_id, c.day), sum(c.units), sum(c.revenue_cents)
      from unnest(changes) as c
     cross join lateral sales_line_keys(c.product_id, c.product_name, c.size, c.color) as v
     group by 1, 2, 3, 4
    having sum(c.units) <> 0 or sum(c.revenue_cents) <> 0
     order by 1, 2, 3, 4
    on conflict (day, kind, key, shard) do update
       set units = s.units + excluded.units, revenue_cents = s.revenue_cents + excluded.revenue_cents;
  end if;
  -- Lines inserted, or moved to another order, are counted as their orders are now.
  if tg_op <> 'DELETE' then
    perform sales_count_lines(array(select distinct n.order_id from new_rows n), true);
  end if;
  return null;
end $$;--> statement-breakpoint
-- sale_day says what the roll-up counted: only sales_count_lines changes it.
CREATE FUNCTION sales_refuse_sale_day() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
begin
  raise exception 'order_items.sale_day is kept by the sales roll-up and cannot be set by hand'
    using errcode = 'check_violation';
end $$;--> statement-breakpoint
-- TRUNCATE fires no row changes: emptying orders (or order_items) empties their part of the roll-up.
CREATE FUNCTION sales_roll_up_truncate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
begin
  if tg_table_name = 'orders' then
    delete from sales_days;
    delete from sales_customer_days;
  else
    delete from sales_day_lines;
  end if;
  return null;
end $$;--> statement-breakpoint
-- Moves the shards of days before yesterday (UTC) into shard 0 and drops rows of those days that count
-- nothing, so a year is read from about one row per day and key. Returns how many rows it moved.
CREATE FUNCTION fold_sales_roll_up() RETURNS integer
  LANGUAGE plpgsql
  AS $$
declare
  before date := (now() at time zone 'UTC')::date - 1;
  moved integer;
  lines integer;
begin
  with gone as (
    delete from sales_days where shard <> 0 and day < before returning *
  )
  insert into sales_days as s (day, payment_method, shard, orders, revenue_cents, test_orders, cancelled_orders)
  select day, payment_method, 0, sum(orders), sum(revenue_cents), sum(test_orders), sum(cancelled_orders)
    from gone
   group by 1, 2
   order by 1, 2
  on conflict (day, payment_method, shard) do update
     set orders = s.orders + excluded.orders,
         revenue_cents = s.revenue_cents + excluded.revenue_cents,
         test_orders = s.test_orders + excluded.test_orders,
         cancelled_orders = s.cancelled_orders + excluded.cancelled_orders;
  get diagnostics moved = row_count;
  delete from sales_days
   where day < before and orders = 0 and revenue_cents = 0 and test_orders = 0 and cancelled_orders = 0;
  delete from sales_customer_days where day < before and orders = 0;
  with gone as (
    delete from sales_day_lines where shard <> 0 and day < before returning *
  )
  insert into sales_day_lines as s (day, kind, key, shard, units, revenue_cents)
  select day, kind, key, 0, sum(units), sum(revenue_cents)
    from gone
   group by 1, 2, 3
   order by 1, 2, 3
  on conflict (day, kind, key, shard) do update
     set units = s.units + excluded.units, revenue_cents = s.revenue_cents + excluded.revenue_cents;
  get diagnostics lines = row_count;
  delete from sales_day_lines where day < before and units = 0 and revenue_cents = 0;
  return moved + lines;
end $$;--> statement-breakpoint
-- Counts the whole roll-up again from the orders, into shard 0 (customer numbers are kept): migration
-- 0012's backfill, and the repair should the roll-up ever have drifted (its triggers disabled, or a session
-- with session_replication_role = replica). Writers wait while it runs.
CREATE FUNCTION recount_sales_roll_up() RETURNS void
  LANGUAGE plpgsql
  AS $$
begin
  lock table orders, order_items in share row exclusive mode;
  delete from sales_days;
  delete from sales_day_lines;
  delete from sales_customer_days;

  perform set_config('abundance.sales_roll_up', 'counting', true);
  update order_items i
     set sale_day = sales_line_day(o.is_test, o.status, o.payment_status, o.created_at)
    from orders o
   where o.id = i.order_id
     and i.sale_day is distinct from sales_line_day(o.is_test, o.status, o.payment_status, o.created_at);
  perform set_config('abundance.sales_roll_up', '', true);

  insert into sales_days (day, payment_method, shard, orders, revenue_cents, test_orders, cancelled_orders)
  select sales_day_of(created_at), coalesce(payment_method, 'unknown'), 0,
         count(*) filter (where sales_is_sale(is_test, status, payment_status)),
         coalesce(sum(total_cents) filter (where sales_is_sale(is_test, status, payment_status)), 0),
         count(*) filter (where is_test),
         count(*) filter (where not is_test and status = 'cancelled')
    from orders
   where is_test or status = 'cancelled' or payment_status = 'paid'
   group by 1, 2;
  insert into sales_customers (customer_key)
  select distinct coalesce(user_id, lower(customer_email))
    from orders
   where sales_is_sale(is_test, status, payment_status)
   order by 1
  on conflict do nothing;
  insert into sales_customer_days (day, customer_no, orders)
  select sales_day_of(o.created_at), k.customer_no, count(*)
    from orders o
    join sales_customers k on k.customer_key = coalesce(o.user_id, lower(o.customer_email))
   where sales_is_sale(o.is_test, o.status, o.payment_status)
   group by 1, 2;
  insert into sales_day_lines (day, kind, key, shard, units, revenue_cents)
  select i.sale_day, v.kind, v.key, 0, sum(i.quantity), sum(i.total_price_cents)
    from order_items i
   cross join lateral sales_line_keys(i.product_id, i.product_name, i.size, i.color) as v
   where i.sale_day is not null
   group by 1, 2, 3;
end $$;--> statement-breakpoint
CREATE TRIGGER sales_roll_up_orders_insert AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_orders();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_orders_update AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_orders();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_orders_delete AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_orders();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_orders_truncate AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_truncate();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_items_insert AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_items();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_items_update AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_items();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_items_delete AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_items();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_items_sale_day BEFORE UPDATE OF sale_day ON "order_items"
  FOR EACH ROW WHEN (old.sale_day IS DISTINCT FROM new.sale_day
                     AND current_setting('abundance.sales_roll_up', true) IS DISTINCT FROM 'counting')
  EXECUTE FUNCTION sales_refuse_sale_day();--> statement-breakpoint
CREATE TRIGGER sales_roll_up_items_truncate AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION sales_roll_up_truncate();--> statement-breakpoint
-- The backfill: every order there is (writers wait: see the LOCK at the top).
SELECT recount_sales_roll_up();