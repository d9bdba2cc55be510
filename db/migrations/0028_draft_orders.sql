CREATE TABLE "draft_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_order_events_kind_check" CHECK ("draft_order_events"."kind" in ('created', 'saved', 'link_sent', 'link_resent', 'mail_failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "draft_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"image_url" text,
	"quantity" integer NOT NULL,
	"catalog_unit_cents" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"price_reason" text,
	CONSTRAINT "draft_order_lines_quantity_check" CHECK ("draft_order_lines"."quantity" between 1 and 1000),
	CONSTRAINT "draft_order_lines_price_check" CHECK ("draft_order_lines"."unit_price_cents" >= 0 and "draft_order_lines"."catalog_unit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "draft_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "draft_orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"customer_user_id" text,
	"customer_email" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"shipping_method" text DEFAULT 'standard' NOT NULL,
	"shipping_custom_cents" integer,
	"discount_kind" text,
	"discount_value" integer,
	"discount_reason" text,
	"note" text,
	"order_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_by_id" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "draft_orders_shipping_method_check" CHECK ("draft_orders"."shipping_method" in ('standard', 'express', 'overnight')),
	CONSTRAINT "draft_orders_shipping_custom_check" CHECK ("draft_orders"."shipping_custom_cents" is null or "draft_orders"."shipping_custom_cents" between 0 and 100000000),
	CONSTRAINT "draft_orders_discount_check" CHECK (("draft_orders"."discount_kind" is null) = ("draft_orders"."discount_value" is null) and ("draft_orders"."discount_kind" is null or ("draft_orders"."discount_kind" = 'fixed' and "draft_orders"."discount_value" between 0 and 100000000) or ("draft_orders"."discount_kind" = 'percent' and "draft_orders"."discount_value" between 0 and 100))),
	CONSTRAINT "draft_orders_note_check" CHECK ("draft_orders"."note" is null or length("draft_orders"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "draft_order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draft_order_events" ADD CONSTRAINT "draft_order_events_draft_id_draft_orders_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_order_events" ADD CONSTRAINT "draft_order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_order_events" ADD CONSTRAINT "draft_order_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_order_lines" ADD CONSTRAINT "draft_order_lines_draft_id_draft_orders_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_order_lines" ADD CONSTRAINT "draft_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_order_lines" ADD CONSTRAINT "draft_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_customer_user_id_user_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_order_events_draft_idx" ON "draft_order_events" USING btree ("draft_id","created_at");--> statement-breakpoint
CREATE INDEX "draft_order_lines_draft_idx" ON "draft_order_lines" USING btree ("draft_id","position");--> statement-breakpoint
CREATE INDEX "draft_orders_created_idx" ON "draft_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "draft_orders_order_idx" ON "draft_orders" USING btree ("order_id") WHERE "draft_orders"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_due_at" is not null and "orders"."status" = 'pending' and "orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_draft_idx" ON "orders" USING btree ("draft_order_id") WHERE "orders"."draft_order_id" is not null;