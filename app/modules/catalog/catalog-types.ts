import type { ProductCard } from "./product-card";

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

/** Another product of the same group (a colour variant), as the product page's swatches need it. */
export interface ProductVariant {
  id: string;
  slug: string;
  name: string;
  colors: string[];
  image: string;
  priceCents: number;
  inventory: number;
  isMain: boolean;
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
  /** The other active products of the group, the main one marked; empty when ungrouped. */
  variants: ProductVariant[];
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
