/**
 * A deterministic generator of believable products for load tests (search and paging on
 * 10,000 products). Pure: the same count and seed give the same rows.
 */
export interface FixtureProduct {
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  sizes: string[];
  colors: string[];
  inventory: number;
  sku: string;
  featured: boolean;
  isSale: boolean;
  rating: number;
  reviewCount: number;
  daysOld: number;
  imageUrl: string;
  categorySlug: "men" | "women" | "accessories";
}

const ADJECTIVES = [
  "Classic",
  "Relaxed",
  "Slim",
  "Essential",
  "Vintage",
  "Organic",
  "Heavyweight",
  "Lightweight",
  "Cropped",
  "Oversized",
  "Tailored",
  "Everyday",
  "Premium",
  "Soft",
  "Washed",
  "Ribbed",
  "Quilted",
  "Brushed",
  "Textured",
  "Modern",
];
const FABRICS = [
  "Cotton",
  "Linen",
  "Merino",
  "Denim",
  "Fleece",
  "Jersey",
  "Twill",
  "Corduroy",
  "Cashmere",
  "Canvas",
  "Poplin",
  "Chambray",
  "Flannel",
  "Wool",
  "Silk",
];
const GARMENTS = [
  { word: "T-Shirt", image: "tee" },
  { word: "Hoodie", image: "hoodie" },
  { word: "Jacket", image: "jacket" },
  { word: "Jeans", image: "jeans" },
  { word: "Dress", image: "dress" },
  { word: "Shirt", image: "shirt" },
  { word: "Sweater", image: "sweater" },
  { word: "Skirt", image: "skirt" },
  { word: "Shorts", image: "shorts" },
  { word: "Cap", image: "cap" },
  { word: "Polo", image: "polo" },
  { word: "Coat", image: "coat" },
  { word: "Tank Top", image: "tank" },
  { word: "Joggers", image: "joggers" },
  { word: "Tote Bag", image: "bag" },
] as const;
const COLORS = ["Black", "White", "Navy", "Gray", "Red", "Blue", "Green", "Yellow", "Pink", "Purple"];
const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];

/** Mulberry32: a tiny seeded random number generator. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fixtureProducts(count: number, seed = 42): FixtureProduct[] {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const garment = pick(GARMENTS);
    const color = pick(COLORS);
    const adjective = pick(ADJECTIVES);
    const fabric = pick(FABRICS);
    const categorySlug =
      garment.image === "bag" || garment.image === "cap" ? "accessories" : rand() < 0.5 ? "men" : "women";
    const name = `${adjective} ${fabric} ${garment.word} ${i + 1}`;
    const priceCents = (18 + Math.floor(rand() * 220)) * 100 - (rand() < 0.5 ? 1 : 0);
    const onSale = rand() < 0.15;
    return {
      name,
      slug: `fixture-${i + 1}-${adjective}-${fabric}-${garment.word}`.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      description: `A ${adjective.toLowerCase()} ${garment.word.toLowerCase()} in ${fabric.toLowerCase()}, in ${color.toLowerCase()}. Made to be worn often; machine wash cold, line dry.`,
      priceCents,
      originalPriceCents: onSale ? Math.round(priceCents * 1.3) : null,
      sizes: garment.image === "bag" ? [] : SIZES.slice(0, 3 + Math.floor(rand() * 4)),
      colors: [color],
      inventory: rand() < 0.08 ? 0 : Math.floor(rand() * 120),
      sku: `FX-${String(i + 1).padStart(6, "0")}`,
      featured: rand() < 0.02,
      isSale: onSale,
      rating: Math.round((3.5 + rand() * 1.5) * 10) / 10,
      reviewCount: Math.floor(rand() * 400),
      daysOld: Math.floor(rand() * 720),
      imageUrl: `/images/products/${garment.image}-${color.toLowerCase()}.svg`,
      categorySlug,
    };
  });
}
