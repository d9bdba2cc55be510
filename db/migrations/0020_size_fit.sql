-- Size and fit (issue 29): size charts, a product's fit, reviews with fit from verified buyers, their per-size sums,
-- helpful votes, review requests, the shopper's fit profile and the reviews' settings section.
CREATE TABLE "review_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_stats" (
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"stars1" integer DEFAULT 0 NOT NULL,
	"stars2" integer DEFAULT 0 NOT NULL,
	"stars3" integer DEFAULT 0 NOT NULL,
	"stars4" integer DEFAULT 0 NOT NULL,
	"stars5" integer DEFAULT 0 NOT NULL,
	"runs_small" integer DEFAULT 0 NOT NULL,
	"true_to_size" integer DEFAULT 0 NOT NULL,
	"runs_large" integer DEFAULT 0 NOT NULL,
	"with_photos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_stats_product_id_size_pk" PRIMARY KEY("product_id","size")
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_voter_pk" PRIMARY KEY("review_id","voter")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text,
	"order_id" uuid,
	"order_item_id" uuid,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"fit" text,
	"author_name" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"hidden_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_title_check" CHECK (char_length("reviews"."title") between 1 and 120),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") between 1 and 4000),
	CONSTRAINT "reviews_author_check" CHECK (char_length("reviews"."author_name") between 1 and 60),
	CONSTRAINT "reviews_fit_check" CHECK ("reviews"."fit" is null or "reviews"."fit" in ('small', 'true', 'large')),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'held', 'hidden')),
	CONSTRAINT "reviews_source_check" CHECK ("reviews"."source" in ('customer', 'demo')),
	CONSTRAINT "reviews_photos_check" CHECK (cardinality("reviews"."photos") <= 4),
	CONSTRAINT "reviews_reply_check" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") <= 2000),
	CONSTRAINT "reviews_helpful_check" CHECK ("reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "size_charts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"measurements" text[] NOT NULL,
	"rows" jsonb NOT NULL,
	"how_to_measure" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_section_check";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "rating" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "fit_profile" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_size" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "garment_measurements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stats" ADD CONSTRAINT "review_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_item_key" ON "reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_product_helpful_idx" ON "reviews" USING btree ("product_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "size_charts_name_key" ON "size_charts" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_chart_id_size_charts_id_fk" FOREIGN KEY ("size_chart_id") REFERENCES "public"."size_charts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_height_check" CHECK ("products"."model_height_cm" is null or "products"."model_height_cm" between 50 and 250);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_section_check" CHECK ("shop_settings"."section" in ('store', 'pages', 'shipping', 'notifications', 'reviews'));--> statement-breakpoint
-- The seeded rating and review count were never reviews: a product's figures are now the aggregates of its
-- published reviews, and there are none yet.
UPDATE "products" SET "rating" = 0, "review_count" = 0 WHERE "rating" <> 0 OR "review_count" <> 0;
