DROP INDEX "products_active_featured_created_idx";--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_price_idx";--> statement-breakpoint
CREATE INDEX "products_active_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_featured_created_idx" ON "products" USING btree ("featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."is_active";