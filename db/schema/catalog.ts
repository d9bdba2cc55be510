import { user } from "./auth";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { tsvector } from "./column-types";
import { type GarmentMeasurements, sizeCharts } from "./size-charts";

export const categories = pgTable(
  "categories",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("categories_sort_order_idx").on(t.sortOrder)],
);

/**
 * Products (spec §3). Money is kept in integer cents. Lists (images, sizes, colours, tags) are
 * text arrays, so "sizes containing a value" is an indexed `@>`.
 */
export const products = pgTable(
  "products",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull().default(""),
    priceCents: integer().notNull(),
    /** Compare-at price; the product is on sale when it is above the price. */
    originalPriceCents: integer(),
    imageUrl: text(),
    images: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: uuid().references(() => categories.id, { onDelete: "set null" }),
    subcategoryId: uuid().references(() => categories.id, { onDelete: "set null" }),
    sizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inventory: integer().notNull().default(0),
    sku: text().notNull().unique(),
    featured: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    isNew: boolean().notNull().default(false),
    isSale: boolean().notNull().default(false),
    /**
     * The average of the product's published reviews (one decimal) and their count, 0 without any: kept by
     * the review's write in its transaction (issue 29), never by hand.
     */
    rating: numeric({ precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer().notNull().default(0),
    /** The size chart of the product's type (issue 29); null shows none. */
    sizeChartId: uuid().references((): AnyPgColumn => sizeCharts.id, { onDelete: "set null" }),
    /** How it fits: 'Relaxed fit, size down for a close fit'. Empty shows nothing. */
    fitNote: text().notNull().default(""),
    /** The model's height in cm and the size the model wears; null when not said. */
    modelHeightCm: integer(),
    modelSize: text(),
    /** The garment's own measurements where they differ from the chart: size → measurement → cm. */
    garmentMeasurements: jsonb().$type<GarmentMeasurements>().notNull().default({}),
    metaTitle: text(),
    metaDescription: text(),
    productGroupId: text(),
    variantType: text(),
    parentProductId: uuid().references((): AnyPgColumn => products.id, { onDelete: "set null" }),
    apliiqProductId: text(),
    apliiqVariants: jsonb(),
    apliiqPrintAreas: jsonb(),
    apliiqBrandingOptions: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The name in lowercase letters and digits only: "T-Shirt" and "tshirt" meet here (typo-tolerant search). */
    searchName: text().generatedAlwaysAs(sql`lower(regexp_replace(name, '[^a-zA-Z0-9]+', '', 'g'))`),
    /** Full-text document: the name weighs more (A) than the description (B). */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    /**
     * The style a product belongs to: its group, or itself when ungrouped. Listings show one card per
     * style and count styles by it (docs/decisions/0024-one-card-per-style.md).
     */
    styleKey: text().generatedAlwaysAs(sql`coalesce(product_group_id, id::text)`),
  },
  (t) => [
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check("products_original_price_check", sql`${t.originalPriceCents} is null or ${t.originalPriceCents} >= 0`),
    check("products_inventory_check", sql`${t.inventory} >= 0`),
    check("products_rating_check", sql`${t.rating} between 0 and 5`),
    check("products_review_count_check", sql`${t.reviewCount} >= 0`),
    check("products_model_height_check", sql`${t.modelHeightCm} is null or ${t.modelHeightCm} between 50 and 250`),
    check(
      "products_variant_type_check",
      sql`${t.variantType} is null or ${t.variantType} in ('color', 'size', 'style', 'variant')`,
    ),
    // Storefront listing: one index per sort order of spec §7, each ending in the id so that a page
    // (LIMIT/OFFSET) is read straight from the index instead of sorting the whole catalogue.
    index("products_active_featured_created_idx")
      .on(t.featured.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_price_idx")
      .on(t.priceCents, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_rating_idx")
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    index("products_category_idx").on(t.categoryId),
    index("products_subcategory_idx").on(t.subcategoryId),
    index("products_group_idx").on(t.productGroupId),
    // Counting the styles a listing shows: count(distinct style_key) read from the index alone.
    index("products_active_style_idx")
      .on(t.styleKey)
      .where(sql`${t.isActive}`),
    index("products_sizes_idx").using("gin", t.sizes),
    index("products_colors_idx").using("gin", t.colors),
    index("products_created_idx").on(t.createdAt.desc()),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("products_search_name_trgm_idx").using("gin", t.searchName.op("gin_trgm_ops")),
  ],
);

/**
 * A variant is one product in one size and one colour (decisions.md §6): it has its own SKU, stock,
 * optional barcode and optional price (the product's price when null). A product without sizes has
 * the size '' and one without colours the colour '': a product with neither has one variant.
 * `products.inventory` is the sum of its variants' stock, kept by statement-level triggers
 * (migration 0014) in the transaction of every change; the application never writes it.
 *
 * Lock order: a writer of variants' stock locks their product rows first (in product id order), so
 * concurrent checkouts of several sizes of one product queue instead of deadlocking.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text().notNull().default(""),
    color: text().notNull().default(""),
    sku: text().notNull().unique(),
    stock: integer().notNull().default(0),
    barcode: text(),
    /** The variant's own price (for instance XXL +$5); null: the product's price. */
    priceCents: integer(),
    /** Display order within the product: sizes in the product's order, then colours. */
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("product_variants_option_unique").on(t.productId, t.size, t.color),
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
    check("product_variants_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    // The size filter and 'Hide sold out': styles with that size in stock.
    index("product_variants_in_stock_size_idx")
      .on(t.size, t.productId)
      .where(sql`${t.stock} > 0`),
    // The back office's low-stock view, lowest first.
    index("product_variants_stock_idx").on(t.stock, t.productId),
  ],
);

/**
 * The catalogue's audit trail: one row per product per admin write (editor save, flag toggle, bulk
 * action, group change, CSV import) — who, when, what kind of write, and each changed field as
 * `{ field: [old, new] }`. The editor shows a product's last changes from here.
 */
export const productChanges = pgTable(
  "product_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The admin's user id (null for a change made by the system, such as a demo load). */
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    /** The admin's e-mail at the time, kept even if the account goes. */
    actorLabel: text().notNull(),
    /** create, update, flag, bulk, group, import */
    action: text().notNull(),
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_changes_product_created_idx").on(t.productId, t.createdAt.desc())],
);

/**
 * The name and description an admin gave a product group in the groups panel
 * (docs/decisions/0010-product-groups.md). Membership stays on `products.product_group_id`: a group is
 * the products sharing that id, with or without a row here. Groups made elsewhere (the demo catalogue)
 * have no row and show the spec's derived name and description.
 */
export const productGroups = pgTable(
  "product_groups",
  {
    /** The shared `products.product_group_id`: 'group_' + timestamp + random suffix. */
    id: text().primaryKey(),
    name: text().notNull(),
    /** Null: the derived 'Product group with n variants'. */
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_groups_name_check", sql`char_length(${t.name}) between 1 and 100`),
    check(
      "product_groups_description_check",
      sql`${t.description} is null or char_length(${t.description}) between 1 and 500`,
    ),
  ],
);
