-- One card per style (docs/decisions/0024-one-card-per-style.md): a product's style is its group, or itself
-- when ungrouped. Generated, so no writer has to keep it; the partial index lets a listing count its styles
-- (count(distinct style_key)) from the index alone.
ALTER TABLE "products" ADD COLUMN "style_key" text GENERATED ALWAYS AS (coalesce(product_group_id, id::text)) STORED;--> statement-breakpoint
CREATE INDEX "products_active_style_idx" ON "products" USING btree ("style_key") WHERE "products"."is_active";
