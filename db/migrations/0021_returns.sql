-- Returns and size exchanges (issue 30): returns with their lines and history, refunds per order, the
-- order's delivery time, money refunded so far and the exchange's link to its order, the returns' settings section.
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" > 0 and "order_refunds"."tax_cents" >= 0 and "order_refunds"."shipping_cents" >= 0),
	CONSTRAINT "order_refunds_method_check" CHECK ("order_refunds"."method" in ('paypal', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "return_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"resolution" text NOT NULL,
	"exchange_variant_id" uuid,
	"exchange_size" text,
	"exchange_color" text,
	"disposition" text,
	CONSTRAINT "return_items_quantity_check" CHECK ("return_items"."quantity" > 0),
	CONSTRAINT "return_items_reason_check" CHECK ("return_items"."reason" in ('too_small', 'too_large', 'not_as_pictured', 'damaged', 'changed_mind', 'other')),
	CONSTRAINT "return_items_resolution_check" CHECK ("return_items"."resolution" in ('refund', 'exchange')),
	CONSTRAINT "return_items_exchange_check" CHECK ("return_items"."resolution" = 'refund' or "return_items"."exchange_size" is not null or "return_items"."exchange_color" is not null),
	CONSTRAINT "return_items_disposition_check" CHECK ("return_items"."disposition" is null or "return_items"."disposition" in ('restock', 'write_off')),
	CONSTRAINT "return_items_note_check" CHECK ("return_items"."note" is null or length("return_items"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rma_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"refusal_reason" text,
	"refund_cents" integer,
	"refund_tax_cents" integer,
	"refund_shipping_cents" integer,
	"refund_method" text,
	"refund_id" text,
	"refund_error" text,
	"exchange_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "returns_rmaNumber_unique" UNIQUE("rma_number"),
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'refused', 'cancelled', 'received', 'closed')),
	CONSTRAINT "returns_refund_status_check" CHECK ("returns"."refund_status" in ('none', 'due', 'pending', 'refunded')),
	CONSTRAINT "returns_refund_method_check" CHECK ("returns"."refund_method" is null or "returns"."refund_method" in ('paypal', 'manual')),
	CONSTRAINT "returns_refund_amounts_check" CHECK (coalesce("returns"."refund_cents", 0) >= 0 and coalesce("returns"."refund_tax_cents", 0) >= 0 and coalesce("returns"."refund_shipping_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_section_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_for_order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_history" ADD CONSTRAINT "return_history_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_history" ADD CONSTRAINT "return_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "return_history_return_idx" ON "return_history" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_items_order_item_idx" ON "return_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_items_product_idx" ON "return_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "returns_rma_prefix_idx" ON "returns" USING btree ("rma_number" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_for_order_id_orders_id_fk" FOREIGN KEY ("exchange_for_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_exchange_for_idx" ON "orders" USING btree ("exchange_for_order_id") WHERE "orders"."exchange_for_order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_section_check" CHECK ("shop_settings"."section" in ('store', 'pages', 'shipping', 'notifications', 'reviews', 'returns'));--> statement-breakpoint
-- The return window counts from the delivery: a delivered order's is its last move to 'delivered'.
UPDATE "orders" o SET "delivered_at" = coalesce(
  (SELECT max(h."created_at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."to_status" = 'delivered'),
  o."updated_at")
WHERE o."status" = 'delivered';--> statement-breakpoint
-- A cancelled order refunded before returns existed gave back its whole payment: one refund row each.
INSERT INTO "order_refunds" ("order_id", "amount_cents", "tax_cents", "shipping_cents", "method", "provider_refund_id", "created_at")
SELECT o."id", o."total_cents", o."tax_cents", o."shipping_cents",
       CASE WHEN o."payment_method" = 'paypal' AND o."payment_capture_id" IS NOT NULL THEN 'paypal' ELSE 'manual' END,
       o."refund_id", o."updated_at"
FROM "orders" o
WHERE o."payment_status" = 'refunded' AND o."total_cents" > 0;--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = "total_cents" WHERE "payment_status" = 'refunded';
