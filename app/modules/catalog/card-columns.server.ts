import { sql } from "drizzle-orm";
import { categories, products } from "#db/schema/index";

/** The columns a product card needs (see product-card.ts), for select() with a categories join. */
export const cardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  imageUrl: products.imageUrl,
  images: products.images,
  rating: products.rating,
  isNew: products.isNew,
  inventory: products.inventory,
  sizes: products.sizes,
  colors: products.colors,
  categoryName: categories.name,
  /** The card's other colours are this group's other active products (style-cards.server.ts). */
  productGroupId: products.productGroupId,
};

/** The exact number of rows of the whole result, alongside each row of one page. */
export const totalCount = sql<number>`count(*) over()`.mapWith(Number);
