import type { ProductFit, SizeChart, SizeReturns, SizeReviewStats } from "~/modules/fit/fit-types";
import type { ProductCard } from "./product-card";
import type { VariantStock } from "./variant-rules";

/** A page of products and where it stands in the whole list. */
export interface ProductPage {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export interface CategoryOption {
  name: string;
  slug: string;
}

/**
 * Another product of the same group (the style in another colour), as the product page's swatches
 * need it. Not to be confused with a variant (one size and colour of a product, `VariantStock`).
 */
export interface GroupMember {
  id: string;
  slug: string;
  name: string;
  colors: string[];
  image: string;
  priceCents: number;
  inventory: number;
  isMain: boolean;
  /** Its sizes that have stock (in any of its colours): a colour switch keeps the chosen size when listed. */
  sizesInStock: string[];
}

/** Everything the product page shows (spec §2 Product detail, §3 Product). */
export interface ProductDetail {
  id: string;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  images: string[];
  sizes: string[];
  colors: string[];
  tags: string[];
  inventory: number;
  sku: string;
  rating: number;
  reviewCount: number;
  isNew: boolean;
  isSale: boolean;
  category: CategoryOption | null;
  metaTitle: string | null;
  metaDescription: string | null;
  productGroupId: string | null;
  updatedAt: string;
  /** Its variants (one per size × colour) with their SKU, stock and price, in the product's order. */
  variants: VariantStock[];
  /** The other active products of the group, the main one marked; empty when ungrouped. */
  groupMembers: GroupMember[];
  /** The size chart of its type (issue 29), or null. */
  sizeChart: SizeChart | null;
  /** How it fits: the owner's note, the model, garment measurements. */
  fit: ProductFit;
  /** Its published reviews summed per size, in the order of its sizes (issue 29). */
  reviewStats: SizeReviewStats[];
  /** Its units returned as too small or too large (issue 30), toward 'Find my size''s lean. */
  sizeReturns: SizeReturns;
}

export interface SearchQuery {
  q: string;
  /** Category slug, or null for all. */
  category: string | null;
  /** Whole dollars; defaults 0 and 1000 (spec §9). */
  minPrice: number;
  maxPrice: number;
  inStock: boolean;
  page: number;
}

export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_PRICE_MAX = 1000;
