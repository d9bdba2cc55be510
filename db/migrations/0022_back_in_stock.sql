CREATE TABLE "restock_queue" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"units" integer NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_queue_units_check" CHECK ("restock_queue"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "restock_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"phone" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "restock_subscriptions_status_check" CHECK ("restock_subscriptions"."status" in ('waiting', 'notified', 'expired')),
	CONSTRAINT "restock_subscriptions_email_check" CHECK (char_length("restock_subscriptions"."email") between 3 and 254)
);
--> statement-breakpoint
ALTER TABLE "restock_queue" ADD CONSTRAINT "restock_queue_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_subscriptions" ADD CONSTRAINT "restock_subscriptions_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_subscriptions" ADD CONSTRAINT "restock_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restock_queue_due_idx" ON "restock_queue" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "restock_subscriptions_waiting_unique" ON "restock_subscriptions" USING btree ("variant_id","email") WHERE "restock_subscriptions"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "restock_subscriptions_queue_idx" ON "restock_subscriptions" USING btree ("variant_id","created_at","id") WHERE "restock_subscriptions"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "restock_subscriptions_waiting_created_idx" ON "restock_subscriptions" USING btree ("created_at") WHERE "restock_subscriptions"."status" = 'waiting';--> statement-breakpoint
-- hand-written: back in stock
-- A rise of a variant's stock while someone waits for it is queued for the back-in-stock rounds, in the
-- transaction of the rise, whatever made it (the editor, CSV import, a bulk load, a cancelled order, a
-- restocked return): no code path can forget it. It is done by migration 0014's statement-level trigger
-- on updates, which already reads each statement's old and new rows (one trigger call, one pass), so a
-- bulk write queues once per variant; a checkout (stock going down) finds no rise and queues nothing. A
-- rise makes the variant's next round due now.
CREATE OR REPLACE FUNCTION product_variants_sum_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "products" p SET "inventory" = p."inventory" + d.delta
    FROM (SELECT product_id, sum(stock) AS delta FROM new_rows GROUP BY product_id) d
    WHERE p."id" = d.product_id AND d.delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "products" p SET "inventory" = p."inventory" - d.delta
    FROM (SELECT product_id, sum(stock) AS delta FROM old_rows GROUP BY product_id) d
    WHERE p."id" = d.product_id AND d.delta <> 0;
  ELSE
    UPDATE "products" p SET "inventory" = p."inventory" + d.delta
    FROM (
      SELECT x.product_id, sum(x.stock) AS delta
      FROM (SELECT product_id, stock FROM new_rows UNION ALL SELECT product_id, -stock FROM old_rows) x
      GROUP BY x.product_id
    ) d
    WHERE p."id" = d.product_id AND d.delta <> 0;
    -- Back in stock (issue 31): the variants whose stock rose while someone waits for them.
    INSERT INTO "restock_queue" ("variant_id", "units", "due_at")
    SELECT n."id", sum(n."stock" - o."stock")::int, now()
    FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."stock" > o."stock"
      AND EXISTS (SELECT 1 FROM "restock_subscriptions" s WHERE s."variant_id" = n."id" AND s."status" = 'waiting')
    GROUP BY n."id"
    ON CONFLICT ("variant_id") DO UPDATE
      SET "units" = "restock_queue"."units" + excluded."units",
          "due_at" = least("restock_queue"."due_at", excluded."due_at");
  END IF;
  RETURN NULL;
END
$$;
