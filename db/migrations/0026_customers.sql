CREATE TABLE "customer_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_stats_last_idx" ON "customer_stats" USING btree ("last_order_at" desc nulls last,"user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_orders_idx" ON "customer_stats" USING btree ("orders" desc,"last_order_at" desc nulls last,"user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_spent_idx" ON "customer_stats" USING btree ("spent_cents" desc,"last_order_at" desc nulls last,"user_id");--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_name_prefix_idx" ON "profiles" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_name_words_idx" ON "profiles" USING gin (to_tsvector('simple', "full_name"));--> statement-breakpoint
CREATE INDEX "profiles_phone_suffix_idx" ON "profiles" USING btree (reverse(regexp_replace("phone", '[^0-9]', '', 'g')) text_pattern_ops);--> statement-breakpoint
-- hand-written: customers
-- An account's figures recomputed from its orders (orders_user_created_idx): the orders that count (not a
-- test, not cancelled before it was paid), spent (paid less refunded), the last order. The rows are locked
-- first, so that two checkouts of one account at once each count the other's committed order: the
-- aggregate is a later statement, with a snapshot taken after the lock. An account deleted meanwhile is
-- skipped (its orders' user_id is being set to null).
CREATE OR REPLACE FUNCTION customer_stats_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO "customer_stats" ("user_id")
  SELECT u."id" FROM "user" u WHERE u."id" = ANY(ids) ORDER BY u."id"
  ON CONFLICT ("user_id") DO NOTHING;
  PERFORM 1 FROM "customer_stats" WHERE "user_id" = ANY(ids) ORDER BY "user_id" FOR UPDATE;
  UPDATE "customer_stats" s
     SET "orders" = f.orders, "spent_cents" = f.spent, "last_order_at" = f.last_at
    FROM (
      SELECT u."id",
             count(o."id")::int AS orders,
             coalesce(sum(o."total_cents" - o."refunded_cents") FILTER (WHERE o."payment_status" IN ('paid', 'refunded')), 0) AS spent,
             max(o."created_at") AS last_at
        FROM "user" u
        LEFT JOIN "orders" o ON o."user_id" = u."id" AND NOT o."is_test"
             AND NOT (o."status" = 'cancelled' AND o."paid_at" IS NULL)
       WHERE u."id" = ANY(ids)
       GROUP BY u."id"
    ) f
   WHERE s."user_id" = f."id";
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_stats_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM customer_stats_refresh(ARRAY(SELECT DISTINCT "user_id" FROM new_rows WHERE "user_id" IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM customer_stats_refresh(ARRAY(SELECT DISTINCT "user_id" FROM old_rows WHERE "user_id" IS NOT NULL));
  ELSE
    PERFORM customer_stats_refresh(ARRAY(
      SELECT DISTINCT x.uid FROM (
        SELECT n."user_id" AS uid, o."user_id" AS old_uid
          FROM new_rows n JOIN old_rows o ON o."id" = n."id"
         WHERE (n."user_id", n."status", n."payment_status", n."total_cents", n."refunded_cents", n."is_test", n."paid_at", n."created_at")
               IS DISTINCT FROM
               (o."user_id", o."status", o."payment_status", o."total_cents", o."refunded_cents", o."is_test", o."paid_at", o."created_at")
      ) c CROSS JOIN LATERAL (VALUES (c.uid), (c.old_uid)) AS x(uid)
      WHERE x.uid IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER customer_stats_orders_insert AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_stats_orders();--> statement-breakpoint
CREATE TRIGGER customer_stats_orders_update AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_stats_orders();--> statement-breakpoint
CREATE TRIGGER customer_stats_orders_delete AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_stats_orders();--> statement-breakpoint
-- Every account has its row from the start (zeros), so the list sorts on customer_stats' indexes alone.
CREATE OR REPLACE FUNCTION customer_stats_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_stats" ("user_id") SELECT "id" FROM new_rows ON CONFLICT ("user_id") DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER customer_stats_users_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_stats_users();--> statement-breakpoint
-- Backfill: every existing account and its orders so far.
INSERT INTO "customer_stats" ("user_id", "orders", "spent_cents", "last_order_at")
SELECT u."id", count(o."id")::int,
       coalesce(sum(o."total_cents" - o."refunded_cents") FILTER (WHERE o."payment_status" IN ('paid', 'refunded')), 0),
       max(o."created_at")
  FROM "user" u
  LEFT JOIN "orders" o ON o."user_id" = u."id" AND NOT o."is_test" AND NOT (o."status" = 'cancelled' AND o."paid_at" IS NULL)
 GROUP BY u."id"
ON CONFLICT ("user_id") DO NOTHING;
