-- Promotions (issue 28, docs/decisions/0030-discounts.md): discounts and their codes, what each order was discounted,
-- the discounts' audit trail, scheduled sales; orders and their lines keep their discount in cents.
CREATE TABLE "discount_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"code" text NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_usage_count_check" CHECK ("discount_codes"."usage_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"method" text NOT NULL,
	"value_type" text NOT NULL,
	"value" integer,
	"shipping_rates" text DEFAULT 'standard' NOT NULL,
	"applies_to" text DEFAULT 'order' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"exclude_sale_items" boolean DEFAULT false NOT NULL,
	"min_subtotal_cents" integer,
	"min_quantity" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"code_usage_limit" integer,
	"combinable" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_method_check" CHECK ("discounts"."method" in ('code', 'automatic')),
	CONSTRAINT "discounts_value_type_check" CHECK ("discounts"."value_type" in ('percentage', 'fixed', 'free_shipping')),
	CONSTRAINT "discounts_value_check" CHECK (("discounts"."value_type" = 'percentage' and "discounts"."value" between 1 and 100) or ("discounts"."value_type" = 'fixed' and "discounts"."value" > 0) or ("discounts"."value_type" = 'free_shipping' and "discounts"."value" is null)),
	CONSTRAINT "discounts_shipping_rates_check" CHECK ("discounts"."shipping_rates" in ('standard', 'any')),
	CONSTRAINT "discounts_applies_to_check" CHECK ("discounts"."applies_to" in ('order', 'categories', 'products')),
	CONSTRAINT "discounts_usage_count_check" CHECK ("discounts"."usage_count" >= 0),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."ends_at" is null or "discounts"."ends_at" > "discounts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"discount_id" uuid,
	"code_id" uuid,
	"user_id" text,
	"code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_discounts_kind_check" CHECK ("order_discounts"."kind" in ('amount', 'shipping')),
	CONSTRAINT "order_discounts_amount_check" CHECK ("order_discounts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_sale_products" (
	"sale_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"prior_price_cents" integer NOT NULL,
	"prior_compare_at_cents" integer,
	"prior_is_sale" boolean NOT NULL,
	"sale_price_cents" integer NOT NULL,
	CONSTRAINT "scheduled_sale_products_sale_id_product_id_pk" PRIMARY KEY("sale_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"percent_off" integer NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_sales_percent_check" CHECK ("scheduled_sales"."percent_off" between 1 and 95),
	CONSTRAINT "scheduled_sales_dates_check" CHECK ("scheduled_sales"."ends_at" > "scheduled_sales"."starts_at"),
	CONSTRAINT "scheduled_sales_state_check" CHECK ("scheduled_sales"."state" in ('scheduled', 'running', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_changes" ADD CONSTRAINT "discount_changes_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_changes" ADD CONSTRAINT "discount_changes_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sale_products" ADD CONSTRAINT "scheduled_sale_products_sale_id_scheduled_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."scheduled_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_sale_products" ADD CONSTRAINT "scheduled_sale_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_changes_discount_created_idx" ON "discount_changes" USING btree ("discount_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_discount_idx" ON "discount_codes" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "discounts_method_idx" ON "discounts" USING btree ("method","starts_at");--> statement-breakpoint
CREATE INDEX "discounts_created_idx" ON "discounts" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "order_discounts_order_idx" ON "order_discounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_discounts_discount_user_idx" ON "order_discounts" USING btree ("discount_id","user_id");--> statement-breakpoint
CREATE INDEX "scheduled_sale_products_product_idx" ON "scheduled_sale_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "scheduled_sales_state_idx" ON "scheduled_sales" USING btree ("state","starts_at");--> statement-breakpoint
CREATE INDEX "orders_discounted_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."discount_cents" > 0;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount_cents" between 0 and "order_items"."total_price_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."discount_cents" between 0 and "orders"."subtotal_cents" and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."shipping_cents" + "orders"."tax_cents");--> statement-breakpoint
-- An order cancelled, or whose payment failed, gives its discounts' uses back (the counts kept for a limit:
-- the discount's, and its code's when codes have their own); one that comes back from there (a failed
-- payment paid after all) takes them again. Every path that moves an order (fulfilment, the sweeper,
-- payment webhooks, plain SQL) goes through here.
CREATE FUNCTION order_discounts_follow_order() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gone boolean := new.status = 'cancelled' OR new.payment_status = 'failed';
  step integer := CASE WHEN gone THEN -1 ELSE 1 END;
BEGIN
  UPDATE discounts d SET usage_count = greatest(d.usage_count + step, 0)
    FROM order_discounts od
    WHERE od.order_id = new.id AND od.discount_id = d.id AND (od.released_at IS NULL) = gone
      AND d.usage_limit IS NOT NULL;
  UPDATE discount_codes c SET usage_count = greatest(c.usage_count + step, 0)
    FROM order_discounts od, discounts d
    WHERE od.order_id = new.id AND od.code_id = c.id AND (od.released_at IS NULL) = gone
      AND d.id = c.discount_id AND d.code_usage_limit IS NOT NULL;
  UPDATE order_discounts SET released_at = CASE WHEN gone THEN now() ELSE NULL END
    WHERE order_id = new.id AND (released_at IS NULL) = gone;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_discounts_follow_order AFTER UPDATE OF status, payment_status ON orders
  FOR EACH ROW
  WHEN ((old.status = 'cancelled' OR old.payment_status = 'failed') IS DISTINCT FROM (new.status = 'cancelled' OR new.payment_status = 'failed'))
  EXECUTE FUNCTION order_discounts_follow_order();
