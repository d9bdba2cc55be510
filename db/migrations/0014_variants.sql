-- Stock per size and colour (decisions.md §6, docs/decisions/0023-variants.md): every product gets one
-- variant per size × colour it lists (one when it lists neither), and its whole inventory is put on the
-- first of them (first size, first colour), so no unit is lost; the owner spreads it in the editor. Writers
-- wait until this migration commits, so no stock moves between the copy and the triggers.
LOCK TABLE "products", "order_items" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"barcode" text,
	"price_cents" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_option_unique" UNIQUE("product_id","size","color"),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_cents" is null or "product_variants"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_in_stock_size_idx" ON "product_variants" USING btree ("size","product_id") WHERE "product_variants"."stock" > 0;--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("stock","product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
WITH options AS (
  SELECT p.id AS product_id, p.sku AS product_sku, p.inventory, s.size, s.size_ord, c.color, c.color_ord,
    count(*) OVER (PARTITION BY p.id) AS variant_count
  FROM "products" p
  CROSS JOIN LATERAL (
    SELECT x.size, min(x.ord) AS size_ord
    FROM unnest(CASE WHEN cardinality(array_remove(array(SELECT btrim(v) FROM unnest(p.sizes) v), '')) = 0
      THEN ARRAY[''] ELSE array_remove(array(SELECT btrim(v) FROM unnest(p.sizes) v), '') END) WITH ORDINALITY AS x(size, ord)
    GROUP BY x.size
  ) s
  CROSS JOIN LATERAL (
    SELECT x.color, min(x.ord) AS color_ord
    FROM unnest(CASE WHEN cardinality(array_remove(array(SELECT btrim(v) FROM unnest(p.colors) v), '')) = 0
      THEN ARRAY[''] ELSE array_remove(array(SELECT btrim(v) FROM unnest(p.colors) v), '') END) WITH ORDINALITY AS x(color, ord)
    GROUP BY x.color
  ) c
), ranked AS (
  SELECT o.*,
    row_number() OVER (PARTITION BY o.product_id ORDER BY o.size_ord, o.color_ord) AS position,
    CASE WHEN o.variant_count = 1 THEN o.product_sku
      ELSE concat_ws('-', o.product_sku,
        nullif(upper(regexp_replace(o.size, '[^A-Za-z0-9]+', '', 'g')), ''),
        nullif(upper(regexp_replace(o.color, '[^A-Za-z0-9]+', '', 'g')), '')) END AS candidate
  FROM options o
), numbered AS (
  SELECT r.*, count(*) OVER (PARTITION BY r.candidate) AS same,
    row_number() OVER (PARTITION BY r.candidate ORDER BY r.product_id, r.position) AS nth
  FROM ranked r
)
INSERT INTO "product_variants" ("product_id", "size", "color", "sku", "stock", "position")
SELECT n.product_id, n.size, n.color,
  CASE WHEN n.same > 1 THEN n.candidate || '-' || n.nth ELSE n.candidate END,
  CASE WHEN n.position = 1 THEN n.inventory ELSE 0 END,
  n.position - 1
FROM numbered n;--> statement-breakpoint
-- Lines of orders placed before variants point at the variant of their size and colour (a line whose
-- product no longer offers them keeps no variant: cancelling it gives nothing back, as before).
UPDATE "order_items" oi SET "variant_id" = v."id"
FROM "products" p, "product_variants" v
WHERE p."id" = oi."product_id" AND v."product_id" = p."id"
  AND v."size" = CASE WHEN cardinality(p."sizes") = 0 THEN '' ELSE coalesce(oi."size", '') END
  AND v."color" = CASE WHEN cardinality(p."colors") = 0 THEN '' ELSE coalesce(oi."color", '') END;--> statement-breakpoint
-- products.inventory = the sum of the product's variants' stock, in the transaction of every change.
-- Statement-level, so a bulk write (CSV import, demo load) updates each product once.
CREATE FUNCTION product_variants_sum_stock() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_stock_insert AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sum_stock();--> statement-breakpoint
CREATE TRIGGER product_variants_stock_update AFTER UPDATE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sum_stock();--> statement-breakpoint
CREATE TRIGGER product_variants_stock_delete AFTER DELETE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sum_stock();--> statement-breakpoint
-- Any inventory that disagreed with its variants (there are none after the copy above) is corrected.
UPDATE "products" p SET "inventory" = s.total
FROM (SELECT product_id, sum(stock)::int AS total FROM "product_variants" GROUP BY product_id) s
WHERE p."id" = s.product_id AND p."inventory" <> s.total;
