import { FALLBACK_IMAGE } from "./product-rules";

/**
 * A product as cards show it (spec §3 Product card); prices in cents. Only what a card shows or adds to
 * the cart: a page of cards ships these in its hydration data.
 */
export interface ProductCard {
  id: string;
  name: string;
  slug: string;
  price: number;
  originalPrice: number | null;
  image: string;
  rating: number;
  category: string;
  isNew: boolean;
  inventory: number;
  sizes: string[];
  colors: string[];
}

export interface ProductCardSource {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  originalPriceCents: number | null;
  imageUrl: string | null;
  images: string[];
  rating: number | null;
  isNew: boolean;
  inventory: number;
  sizes: string[];
  colors: string[];
  categoryName: string | null;
}

export function toProductCard(p: ProductCardSource): ProductCard {
  const images = p.images.filter((src) => src.trim() !== "");
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    price: p.priceCents,
    originalPrice: p.originalPriceCents,
    image: images[0] ?? (p.imageUrl || FALLBACK_IMAGE),
    rating: p.rating ?? 4.5,
    category: p.categoryName ?? "General",
    isNew: p.isNew,
    inventory: p.inventory,
    sizes: p.sizes,
    colors: p.colors,
  };
}
