/**
 * The demo catalogue's reviews (issue 29): a handful per product, written through the one review write
 * path so that a product's `rating` and `review_count` are the real aggregates of its reviews. The same
 * every run (derived from the product's slug, never random): the ratings are chosen so their average
 * rounds to the rating the catalogue used to seed, with sizes, colours and fit answers varied. Demo
 * reviews are never 'verified'. Pure data: the seeder writes them.
 */

export interface DemoReviewProduct {
  slug: string;
  /** The rating the catalogue used to show, which the reviews' average comes near. */
  rating: number;
  /** The count it used to show: a product said to have many reviews gets a few more. */
  reviewCount: number;
  sizes: string[];
  colors: string[];
  daysOld: number;
}

export interface DemoReview {
  rating: number;
  title: string;
  body: string;
  fit: "small" | "true" | "large" | null;
  size: string;
  color: string;
  authorName: string;
  /** Days before the load. */
  daysAgo: number;
}

/** FNV-1a: a small stable number from a text. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const AUTHORS = [
  "Maya O.",
  "James T.",
  "Priya K.",
  "Lucas M.",
  "Sofia R.",
  "Daniel W.",
  "Amara N.",
  "Chen L.",
  "Olivia B.",
  "Mateo G.",
  "Hannah S.",
  "Kwame A.",
  "Elena P.",
  "Noah F.",
  "Aisha D.",
  "Liam C.",
];

const TEXTS: Record<number, Array<{ title: string; body: string }>> = {
  5: [
    {
      title: "Exactly what I hoped for",
      body: "Great fabric and a clean finish. It has kept its shape after several washes.",
    },
    { title: "My new favourite", body: "Comfortable from the first wear. The colour is just like the photos." },
    { title: "Worth every penny", body: "Well made, soft and it looks smart. I have already ordered another one." },
    { title: "Love it", body: "The quality is excellent and it arrived quickly. I get compliments every time." },
  ],
  4: [
    {
      title: "Very good, small niggle",
      body: "Lovely material and a good cut. The stitching on one seam could be neater.",
    },
    {
      title: "Nice everyday piece",
      body: "Comfortable and easy to wear. The colour is a touch darker than on screen.",
    },
    { title: "Happy with it", body: "Good quality for the price. It creased a little in the wash but irons well." },
  ],
  3: [
    { title: "Fine, not amazing", body: "Decent fabric, but the fit is not quite right for me. It does the job." },
    { title: "Okay for the price", body: "It looks good but the material is thinner than I expected." },
  ],
  2: [{ title: "Not for me", body: "The fabric pilled after a few wears and the shape did not suit me." }],
  1: [{ title: "Disappointed", body: "It lost its shape after the first wash. I expected better quality." }],
};

const FIT_WORDS = {
  small: " I would size up: it runs small.",
  true: " The size was spot on.",
  large: " It runs a little large, so consider sizing down.",
} as const;

/**
 * Whole ratings whose average rounds to `target` (one decimal): as many at the upper value as the sum
 * needs; on some products a 4 and a 4 become a 5 and a 3, so the stars vary.
 */
export function ratingsFor(target: number, count: number, spread: boolean): number[] {
  const total = Math.round(target * count);
  const base = Math.max(1, Math.min(5, Math.floor(total / count)));
  const extra = Math.max(0, Math.min(count, total - base * count));
  const ratings = Array.from({ length: count }, (_, i) => Math.min(5, i < extra ? base + 1 : base));
  if (spread) {
    const fours = ratings.flatMap((r, i) => (r === 4 ? [i] : []));
    if (fours.length >= 2) {
      ratings[fours[0]!] = 5;
      ratings[fours[1]!] = 3;
    }
  }
  return ratings;
}

/** The reviews of one demo product, the same every time. */
export function demoReviewsFor(product: DemoReviewProduct): DemoReview[] {
  const h = hashOf(product.slug);
  const count = Math.min(7, 3 + Math.floor(Math.log10(product.reviewCount + 1) * 1.4));
  const ratings = ratingsFor(product.rating, count, h % 2 === 0);
  const sized = product.sizes.length > 0;
  // Most products are true to size; some lean small or large, as real products do.
  const lean = (["true", "true", "small", "true", "large"] as const)[h % 5]!;
  const middle = product.sizes.slice(1, -1).length > 0 ? product.sizes.slice(1, -1) : product.sizes;
  return ratings.map((rating, i) => {
    const k = (h >>> 3) + i * 7;
    const bank = TEXTS[rating]!;
    const text = bank[k % bank.length]!;
    const fit = !sized ? null : i % 3 === 2 ? "true" : lean;
    return {
      rating,
      title: text.title,
      body: fit ? `${text.body}${FIT_WORDS[fit]}` : text.body,
      fit,
      size: sized ? middle[k % middle.length]! : "",
      color: product.colors.length > 0 ? product.colors[k % product.colors.length]! : "",
      authorName: AUTHORS[(h + i * 5) % AUTHORS.length]!,
      daysAgo: Math.max(1, Math.floor((Math.max(product.daysOld, count + 1) * (i + 1)) / (count + 1))),
    };
  });
}
