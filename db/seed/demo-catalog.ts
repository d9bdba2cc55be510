/**
 * Demo catalogue for the Abundance Collection storefront: categories and products as plain data.
 * No database access here — the seeder turns these rows into inserts.
 *
 * Images are the generated flat-lay SVGs in public/images/products/{garment}-{color}.svg
 * (see scripts/generate-garment-images.ts).
 */

export interface DemoCategory {
  name: string;
  slug: string;
  sortOrder: number;
  isActive: boolean;
}

export interface DemoProduct {
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  /** Compare-at price; above the price means the product is on sale. */
  originalPriceCents: number | null;
  /** One of the demo category slugs. */
  categorySlug: string;
  sizes: string[];
  colors: string[];
  tags: string[];
  inventory: number;
  sku: string;
  featured: boolean;
  isActive: boolean;
  isNew: boolean;
  isSale: boolean;
  /** created_at = now − daysOld days. */
  daysOld: number;
  rating: number;
  reviewCount: number;
  /** e.g. "/images/products/hoodie-navy.svg"; images[0] === imageUrl. */
  imageUrl: string;
  images: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  /** Product group key shared by colour variants, e.g. "group_demo_essential_hoodie". */
  group: string | null;
  variantType: "color" | null;
  /** Slug of the group's main product (for the other members); null otherwise. */
  parentSlug: string | null;
}

export const demoCategories: DemoCategory[] = [
  { name: "Men", slug: "men", sortOrder: 1, isActive: true },
  { name: "Women", slug: "women", sortOrder: 2, isActive: true },
  { name: "Sale", slug: "sale", sortOrder: 3, isActive: true },
  { name: "New Arrivals", slug: "new-arrivals", sortOrder: 4, isActive: true },
  { name: "Accessories", slug: "accessories", sortOrder: 5, isActive: true },
];

/** The only colour names the catalogue uses (they match the storefront colour filter). */
export const DEMO_COLORS = [
  "Black",
  "White",
  "Navy",
  "Gray",
  "Red",
  "Blue",
  "Green",
  "Yellow",
  "Pink",
  "Purple",
] as const;

/** The only size names the catalogue uses (they match the storefront size filter). */
export const DEMO_SIZES = [
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "XXXL",
  "4XL",
  "28",
  "30",
  "32",
  "34",
  "36",
  "38",
] as const;

type Color = (typeof DEMO_COLORS)[number];
type Size = (typeof DEMO_SIZES)[number];
type CategorySlug = "men" | "women" | "sale" | "new-arrivals" | "accessories";
type Garment =
  | "tee"
  | "hoodie"
  | "jacket"
  | "jeans"
  | "dress"
  | "shirt"
  | "sweater"
  | "skirt"
  | "shorts"
  | "cap"
  | "polo"
  | "coat"
  | "tank"
  | "joggers"
  | "bag";

const BRAND = "Abundance Collection";

const GARMENT_CODES: Record<Garment, string> = {
  tee: "TEE",
  hoodie: "HOOD",
  jacket: "JCKT",
  jeans: "JEAN",
  dress: "DRES",
  shirt: "SHRT",
  sweater: "SWTR",
  skirt: "SKRT",
  shorts: "SHOR",
  cap: "CAP",
  polo: "POLO",
  coat: "COAT",
  tank: "TANK",
  joggers: "JOGG",
  bag: "TOTE",
};

const COLOR_CODES: Record<Color, string> = {
  Black: "BLK",
  White: "WHT",
  Navy: "NAV",
  Gray: "GRY",
  Red: "RED",
  Blue: "BLU",
  Green: "GRN",
  Yellow: "YEL",
  Pink: "PNK",
  Purple: "PUR",
};

// Size runs
const MEN: Size[] = ["S", "M", "L", "XL", "XXL"];
const MEN_EXT: Size[] = ["S", "M", "L", "XL", "XXL", "XXXL"];
const WOMEN: Size[] = ["XS", "S", "M", "L", "XL"];
const UNISEX: Size[] = ["XS", "S", "M", "L", "XL", "XXL"];
const MEN_WAIST: Size[] = ["30", "32", "34", "36", "38"];
const WOMEN_WAIST: Size[] = ["28", "30", "32", "34"];
const CAP: Size[] = ["S", "M", "L"];
const BAG: Size[] = [];

/** lowercase; drop anything but letters, digits, spaces and hyphens; spaces to hyphens; collapse hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export function productImage(garment: string, color: string): string {
  return `/images/products/${garment}-${color.toLowerCase()}.svg`;
}

/** Everything a row needs except what the builders derive (slug, sku, flags, images, meta). */
interface Row {
  name: string;
  garment: Garment;
  category: CategorySlug;
  /** Price in cents. */
  price: number;
  /** Compare-at price in cents (on sale when set). */
  was?: number;
  colors: Color[];
  sizes: Size[];
  tags: string[];
  stock: number;
  daysOld: number;
  rating: number;
  reviews: number;
  description: string;
  featured?: boolean;
  inactive?: boolean;
}

interface Draft extends Omit<DemoProduct, "sku"> {
  garment: Garment;
  metaName: string;
}

const NEW_WITHIN_DAYS = 25;

function build(row: Row, extra: Partial<Draft> = {}): Draft {
  const first = row.colors[0];
  const imageUrl = first ? productImage(row.garment, first) : "/images/placeholder.svg";
  const onSale = row.was !== undefined && row.was > row.price;
  return {
    name: row.name,
    slug: slugify(row.name),
    description: row.description,
    priceCents: row.price,
    originalPriceCents: onSale ? (row.was ?? null) : null,
    categorySlug: row.category,
    sizes: [...row.sizes],
    colors: [...row.colors],
    tags: row.tags,
    inventory: row.stock,
    featured: row.featured ?? false,
    isActive: !row.inactive,
    isNew: row.daysOld <= NEW_WITHIN_DAYS,
    isSale: onSale,
    daysOld: row.daysOld,
    rating: row.rating,
    reviewCount: row.reviews,
    imageUrl,
    images: row.colors.map((c) => productImage(row.garment, c)),
    metaTitle: null,
    metaDescription: null,
    group: null,
    variantType: null,
    parentSlug: null,
    garment: row.garment,
    metaName: row.name,
    ...extra,
  };
}

/** A single product listing one or more colours; its image is the first colour's. */
function garment(row: Row): Draft {
  return build(row);
}

interface Variant {
  color: Color;
  stock: number;
  reviews: number;
  rating?: number;
  daysOld?: number;
  price?: number;
  was?: number;
  featured?: boolean;
}

/**
 * Colour variants sold as separate products ("Name - Colour"), linked by a product group.
 * The first variant is the group's main product; the others point at it through parentSlug.
 */
function colorGroup(
  key: string,
  base: Omit<Row, "name" | "colors" | "stock" | "reviews"> & { name: string },
  variants: Variant[],
): Draft[] {
  const group = `group_demo_${key}`;
  const mainSlug = slugify(`${base.name} - ${variants[0]?.color ?? ""}`);
  return variants.map((v, i) => {
    const { was: baseWas, ...rest } = base;
    const was = v.was ?? (v.price === undefined ? baseWas : undefined);
    return build(
      {
        ...rest,
        ...(was !== undefined ? { was } : {}),
        name: `${base.name} - ${v.color}`,
        colors: [v.color],
        stock: v.stock,
        reviews: v.reviews,
        rating: v.rating ?? base.rating,
        daysOld: v.daysOld ?? base.daysOld,
        price: v.price ?? base.price,
        featured: v.featured ?? false,
      },
      {
        group,
        variantType: "color",
        parentSlug: i === 0 ? null : mainSlug,
        metaName: `${base.name} in ${v.color}`,
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Colour-variant groups
// ---------------------------------------------------------------------------------------------

const groups: Draft[] = [
  ...colorGroup(
    "essential_hoodie",
    {
      name: "Essential Fleece Hoodie",
      garment: "hoodie",
      category: "men",
      price: 6800,
      sizes: MEN_EXT,
      tags: ["hoodie", "fleece", "essentials", "loungewear"],
      daysOld: 120,
      rating: 4.7,
      description:
        "Our everyday hoodie in a heavyweight 400 gsm cotton fleece, brushed soft on the inside. Cut for a relaxed fit with a lined hood, flat drawcords and a roomy kangaroo pocket. Machine wash cold and tumble dry low.",
    },
    [
      { color: "Navy", stock: 64, reviews: 212, featured: true },
      { color: "Gray", stock: 48, reviews: 131, rating: 4.6 },
      { color: "Black", stock: 0, reviews: 187, rating: 4.8 },
    ],
  ),
  ...colorGroup(
    "wrap_midi_dress",
    {
      name: "Wrap Midi Dress",
      garment: "dress",
      category: "women",
      price: 8900,
      sizes: WOMEN,
      tags: ["dress", "midi", "wrap", "occasion"],
      daysOld: 9,
      rating: 4.8,
      description:
        "A true wrap dress in fluid TENCEL lyocell that drapes beautifully and moves with you. Flutter sleeves, a self-tie waist and a swishy midi hem make it easy to dress up or down. Cool machine wash; hang to dry.",
    },
    [
      { color: "Green", stock: 36, reviews: 24, featured: true },
      { color: "Red", stock: 28, reviews: 17, daysOld: 12 },
      { color: "Navy", stock: 22, reviews: 11, daysOld: 6, rating: 4.7 },
    ],
  ),
  ...colorGroup(
    "organic_crew_tee",
    {
      name: "Organic Cotton Crew Tee",
      garment: "tee",
      category: "men",
      price: 2800,
      sizes: MEN_EXT,
      tags: ["t-shirt", "organic cotton", "essentials", "basics"],
      daysOld: 210,
      rating: 4.6,
      description:
        "A clean-cut crew neck tee in 180 gsm organic cotton jersey, pre-shrunk so it keeps its shape. Ribbed collar, a classic regular fit and a hem that sits just right untucked. Machine wash warm with like colours.",
    },
    [
      { color: "White", stock: 120, reviews: 298 },
      { color: "Black", stock: 96, reviews: 264, rating: 4.7 },
      { color: "Navy", stock: 74, reviews: 143 },
      { color: "Gray", stock: 0, reviews: 119, rating: 4.5 },
    ],
  ),
  ...colorGroup(
    "merino_crew_sweater",
    {
      name: "Merino Crew Sweater",
      garment: "sweater",
      category: "women",
      price: 9800,
      sizes: WOMEN,
      tags: ["sweater", "merino", "knitwear"],
      daysOld: 150,
      rating: 4.7,
      description:
        "Knitted from extra-fine 18.5 micron merino wool for warmth without bulk, with a soft cable panel down the front. Ribbed crew neck, cuffs and hem; a slightly relaxed fit that layers easily. Hand wash cold and dry flat.",
    },
    [
      { color: "Pink", stock: 30, reviews: 58 },
      { color: "Purple", stock: 5, reviews: 41, rating: 4.8 },
      { color: "Gray", stock: 26, reviews: 66, price: 6900, was: 9800 },
    ],
  ),
  ...colorGroup(
    "pique_polo",
    {
      name: "Men's Classic Pique Polo",
      garment: "polo",
      category: "men",
      price: 4400,
      sizes: MEN,
      tags: ["polo", "pique", "smart casual"],
      daysOld: 95,
      rating: 4.5,
      description:
        "A breathable cotton piqué polo with a flat-knit collar, two-button placket and ribbed sleeve bands. Tailored through the body with a slightly longer back hem. Machine wash cold; reshape while damp.",
    },
    [
      { color: "Blue", stock: 52, reviews: 77 },
      { color: "White", stock: 61, reviews: 92, rating: 4.6 },
      { color: "Green", stock: 33, reviews: 38, rating: 4.4 },
    ],
  ),
  ...colorGroup(
    "canvas_tote",
    {
      name: "Everyday Canvas Tote",
      garment: "bag",
      category: "accessories",
      price: 3200,
      sizes: BAG,
      tags: ["bag", "tote", "canvas", "gifts"],
      daysOld: 70,
      rating: 4.8,
      description:
        "A sturdy 16 oz cotton canvas tote with long, reinforced handles that sit comfortably on the shoulder. An inside slip pocket keeps keys and phone within reach. Spot clean or hand wash cold.",
    },
    [
      { color: "Yellow", stock: 45, reviews: 86, featured: true },
      { color: "Black", stock: 58, reviews: 104 },
    ],
  ),
  ...colorGroup(
    "pleated_midi_skirt",
    {
      name: "Women's Pleated Midi Skirt",
      garment: "skirt",
      category: "women",
      price: 6900,
      sizes: WOMEN,
      tags: ["skirt", "midi", "pleated"],
      daysOld: 88,
      rating: 4.6,
      description:
        "Knife pleats in a lightweight recycled satin that catch the light as you walk. A comfortable half-elastic waistband with a concealed side zip and a fully lined skirt. Cool machine wash on a delicate cycle.",
    },
    [
      { color: "Black", stock: 40, reviews: 63 },
      { color: "Pink", stock: 2, reviews: 29, rating: 4.7 },
    ],
  ),
];

// ---------------------------------------------------------------------------------------------
// Men
// ---------------------------------------------------------------------------------------------

const men: Draft[] = [
  garment({
    name: "Relaxed Linen Shirt",
    garment: "shirt",
    category: "men",
    price: 6800,
    colors: ["White", "Blue"],
    sizes: MEN,
    tags: ["shirt", "linen", "summer"],
    stock: 9,
    daysOld: 64,
    rating: 4.5,
    reviews: 57,
    description:
      "Pure European linen, garment-washed for a lived-in softness from the first wear. A relaxed fit with a point collar, single chest pocket and curved hem. Machine wash cold; the creases are part of the charm.",
  }),
  garment({
    name: "Men's Waxed Field Jacket",
    garment: "jacket",
    category: "men",
    price: 18900,
    colors: ["Green", "Black"],
    sizes: MEN,
    tags: ["jacket", "outerwear", "waxed cotton"],
    stock: 24,
    daysOld: 14,
    rating: 4.9,
    reviews: 18,
    featured: true,
    description:
      "A four-pocket field jacket in water-resistant waxed cotton that develops a unique patina over time. Corduroy collar, two-way brass zip with a snap storm flap and a soft check lining. Wipe clean with a damp cloth; re-wax once a season.",
  }),
  garment({
    name: "Men's Slim Straight Jeans",
    garment: "jeans",
    category: "men",
    price: 7900,
    colors: ["Blue", "Black"],
    sizes: MEN_WAIST,
    tags: ["jeans", "denim", "stretch"],
    stock: 70,
    daysOld: 180,
    rating: 4.4,
    reviews: 143,
    description:
      "Five-pocket jeans in 12 oz stretch denim that moves with you and recovers its shape. Slim through the thigh with a straight leg from the knee. Wash inside out in cold water to keep the colour rich.",
  }),
  garment({
    name: "Oxford Button-Down Shirt",
    garment: "shirt",
    category: "men",
    price: 4999,
    was: 7200,
    colors: ["Blue", "White"],
    sizes: MEN_EXT,
    tags: ["shirt", "oxford", "smart casual"],
    stock: 38,
    daysOld: 260,
    rating: 4.6,
    reviews: 176,
    description:
      "The weekday staple: a soft, substantial cotton oxford cloth with a button-down collar that holds its roll. Regular fit, box-pleat back and mother-of-pearl style buttons. Machine wash warm and iron while slightly damp.",
  }),
  garment({
    name: "Men's Wool-Blend Overcoat",
    garment: "coat",
    category: "men",
    price: 22900,
    colors: ["Gray", "Navy"],
    sizes: MEN,
    tags: ["coat", "outerwear", "wool", "tailoring"],
    stock: 4,
    daysOld: 75,
    rating: 4.8,
    reviews: 46,
    featured: true,
    description:
      "A double-breasted overcoat in a dense Italian wool blend with a notched lapel and a smooth satin lining. Falls just above the knee and sits neatly over a jacket or knit. Dry clean only.",
  }),
  garment({
    name: "Tech Fleece Joggers",
    garment: "joggers",
    category: "men",
    price: 6400,
    colors: ["Black", "Gray"],
    sizes: MEN_EXT,
    tags: ["joggers", "fleece", "athleisure"],
    stock: 55,
    daysOld: 140,
    rating: 4.5,
    reviews: 121,
    description:
      "Tapered joggers in a smooth double-knit fleece that is warm without feeling heavy. Elastic waistband with drawcord, zip-free side pockets and ribbed ankle cuffs. Machine wash cold; do not tumble dry.",
  }),
  garment({
    name: "Men's Chino Shorts",
    garment: "shorts",
    category: "men",
    price: 3499,
    was: 4800,
    colors: ["Navy", "Green"],
    sizes: ["30", "32", "34", "36"],
    tags: ["shorts", "chino", "summer"],
    stock: 42,
    daysOld: 230,
    rating: 4.3,
    reviews: 64,
    description:
      "Nine-inch chino shorts in a garment-dyed cotton twill with a touch of stretch. Slant front pockets, welt back pockets and a clean turn-up hem. Machine wash cold with similar colours.",
  }),
  garment({
    name: "Performance Training Tank",
    garment: "tank",
    category: "men",
    price: 1999,
    was: 2800,
    colors: ["Gray", "Black"],
    sizes: MEN,
    tags: ["tank", "training", "activewear"],
    stock: 66,
    daysOld: 190,
    rating: 4.2,
    reviews: 53,
    description:
      "A lightweight training tank in quick-drying recycled polyester mesh that wicks sweat away. Deep armholes for a full range of motion and flatlock seams that won't rub. Machine wash cold; skip the fabric softener.",
  }),
  garment({
    name: "Men's Cable-Knit Sweater",
    garment: "sweater",
    category: "men",
    price: 8800,
    colors: ["Navy", "Green"],
    sizes: MEN,
    tags: ["sweater", "knitwear", "wool"],
    stock: 31,
    daysOld: 300,
    rating: 4.7,
    reviews: 88,
    description:
      "A fisherman-inspired crew neck with a bold central cable, knitted from a soft lambswool blend. Ribbed trims and a classic regular fit made for layering over a shirt. Hand wash cold and dry flat.",
  }),
  garment({
    name: "Heavyweight Pocket Tee",
    garment: "tee",
    category: "men",
    price: 3400,
    colors: ["Green", "Gray", "Black"],
    sizes: MEN_EXT,
    tags: ["t-shirt", "heavyweight", "essentials"],
    stock: 88,
    daysOld: 110,
    rating: 4.6,
    reviews: 97,
    description:
      "A boxy, heavyweight 240 gsm cotton tee with a structured feel and a dropped shoulder. Thick ribbed collar and double-needle hems that stay flat wash after wash. Machine wash cold, tumble dry low.",
  }),
  garment({
    name: "Men's Denim Trucker Jacket",
    garment: "jacket",
    category: "men",
    price: 9800,
    colors: ["Blue"],
    sizes: MEN_EXT,
    tags: ["jacket", "denim", "outerwear"],
    stock: 27,
    daysOld: 340,
    rating: 4.5,
    reviews: 72,
    description:
      "A rigid 13.5 oz denim trucker jacket that softens and fades to your shape. Button-flap chest pockets, hand-warmer pockets and adjustable waist tabs. Wash sparingly, inside out, in cold water.",
  }),
  garment({
    name: "Ripstop Cargo Shorts",
    garment: "shorts",
    category: "men",
    price: 5200,
    colors: ["Gray", "Black"],
    sizes: MEN,
    tags: ["shorts", "cargo", "outdoor"],
    stock: 47,
    daysOld: 155,
    rating: 4.3,
    reviews: 39,
    description:
      "Durable cotton-nylon ripstop shorts with a comfortable elasticated back waist. Bellowed cargo pockets hold a phone and wallet securely. Machine wash cold; line dry.",
  }),
  garment({
    name: "Brushed Flannel Overshirt",
    garment: "shirt",
    category: "men",
    price: 7400,
    colors: ["Red", "Navy"],
    sizes: MEN_EXT,
    tags: ["shirt", "flannel", "overshirt"],
    stock: 0,
    daysOld: 280,
    rating: 4.7,
    reviews: 81,
    description:
      "A double-brushed cotton flannel overshirt, heavy enough to wear as a light jacket. Two flap chest pockets, a relaxed fit and a straight hem. Machine wash warm and tumble dry low.",
  }),
  garment({
    name: "Men's Storm Parka",
    garment: "coat",
    category: "men",
    price: 12900,
    was: 16900,
    colors: ["Yellow", "Navy"],
    sizes: MEN_EXT,
    tags: ["coat", "rainwear", "outerwear", "waterproof"],
    stock: 19,
    daysOld: 370,
    rating: 4.4,
    reviews: 58,
    description:
      "A fully waterproof parka with taped seams and a breathable 10K membrane to keep out the worst weather. Storm flap with snaps, flap pockets and adjustable cuffs. Machine wash cold; reproof with a spray when water stops beading.",
  }),
];

// ---------------------------------------------------------------------------------------------
// Women
// ---------------------------------------------------------------------------------------------

const women: Draft[] = [
  garment({
    name: "High-Rise Straight Jeans",
    garment: "jeans",
    category: "women",
    price: 8800,
    colors: ["Blue", "White"],
    sizes: WOMEN_WAIST,
    tags: ["jeans", "denim", "high-rise"],
    stock: 58,
    daysOld: 45,
    rating: 4.7,
    reviews: 154,
    featured: true,
    description:
      "A flattering high rise with a straight leg that skims the hip and falls cleanly to the ankle. Cut from a comfort-stretch cotton denim that holds its shape all day. Wash inside out in cold water.",
  }),
  garment({
    name: "Women's Linen Camp Shirt",
    garment: "shirt",
    category: "women",
    price: 6400,
    colors: ["White", "Yellow"],
    sizes: WOMEN,
    tags: ["shirt", "linen", "summer"],
    stock: 34,
    daysOld: 11,
    rating: 4.6,
    reviews: 12,
    description:
      "An easy camp-collar shirt in breathable washed linen with a relaxed, slightly cropped fit. Coconut-shell buttons and a straight hem made for wearing loose or knotted. Machine wash cold; hang to dry.",
  }),
  garment({
    name: "Women's Longline Wool Coat",
    garment: "coat",
    category: "women",
    price: 23900,
    colors: ["Black", "Gray"],
    sizes: WOMEN,
    tags: ["coat", "outerwear", "wool"],
    stock: 6,
    daysOld: 60,
    rating: 4.9,
    reviews: 37,
    featured: true,
    description:
      "A polished longline coat in a brushed wool and cashmere blend with softly structured shoulders. Double-breasted front, notched lapels and deep flap pockets. Dry clean only.",
  }),
  garment({
    name: "Ribbed Tank Top",
    garment: "tank",
    category: "women",
    price: 2400,
    colors: ["White", "Black", "Pink"],
    sizes: WOMEN,
    tags: ["tank", "basics", "rib"],
    stock: 110,
    daysOld: 205,
    rating: 4.5,
    reviews: 233,
    description:
      "A fitted scoop-neck tank in stretchy cotton rib that works alone or under everything. Bound neckline and armholes keep their shape wash after wash. Machine wash cold, tumble dry low.",
  }),
  garment({
    name: "Women's Cropped Utility Jacket",
    garment: "jacket",
    category: "women",
    price: 7999,
    was: 11800,
    colors: ["Green", "Yellow"],
    sizes: WOMEN,
    tags: ["jacket", "utility", "outerwear"],
    stock: 21,
    daysOld: 245,
    rating: 4.4,
    reviews: 49,
    description:
      "A cropped take on the classic field jacket in a washed cotton canvas. Four patch pockets with snap flaps, a neat point collar and a zip front with storm placket. Machine wash cold and line dry.",
  }),
  garment({
    name: "Satin Slip Midi Dress",
    garment: "dress",
    category: "women",
    price: 5499,
    was: 7800,
    colors: ["Purple", "Black"],
    sizes: WOMEN,
    tags: ["dress", "midi", "satin", "evening"],
    stock: 29,
    daysOld: 175,
    rating: 4.5,
    reviews: 71,
    description:
      "A bias-cut midi dress in a heavy washed satin with a fluid drape and a softly tied waist. Wear it with heels for evening or a knit and sneakers by day. Hand wash cold or dry clean.",
  }),
  garment({
    name: "Cashmere Blend Crew",
    garment: "sweater",
    category: "women",
    price: 12800,
    colors: ["Yellow", "Gray"],
    sizes: WOMEN,
    tags: ["sweater", "cashmere", "knitwear"],
    stock: 0,
    daysOld: 130,
    rating: 4.8,
    reviews: 64,
    description:
      "An indulgently soft crew neck knitted from a cashmere and merino blend. Slightly relaxed through the body with fine ribbed trims. Hand wash cold with wool detergent and dry flat.",
  }),
  garment({
    name: "Women's Fleece Joggers",
    garment: "joggers",
    category: "women",
    price: 3999,
    was: 5800,
    colors: ["Pink", "Gray"],
    sizes: WOMEN,
    tags: ["joggers", "fleece", "loungewear"],
    stock: 44,
    daysOld: 220,
    rating: 4.6,
    reviews: 118,
    description:
      "Brushed-back cotton fleece joggers with a high, comfortable waistband and adjustable drawcord. A tapered leg finishes in soft ribbed cuffs. Machine wash cold; tumble dry low.",
  }),
  garment({
    name: "Boxy Cotton Tee",
    garment: "tee",
    category: "women",
    price: 3200,
    colors: ["Pink", "White"],
    sizes: WOMEN,
    tags: ["t-shirt", "basics", "organic cotton"],
    stock: 76,
    daysOld: 100,
    rating: 4.4,
    reviews: 92,
    description:
      "A relaxed, boxy tee in mid-weight organic cotton jersey with short dropped sleeves. The slightly cropped length pairs perfectly with high-rise jeans and skirts. Machine wash cold.",
  }),
  garment({
    name: "Tiered Maxi Dress",
    garment: "dress",
    category: "women",
    price: 9400,
    colors: ["Yellow", "Blue"],
    sizes: WOMEN,
    tags: ["dress", "maxi", "summer"],
    stock: 26,
    daysOld: 4,
    rating: 4.7,
    reviews: 6,
    description:
      "A breezy maxi dress in cotton voile with gathered tiers and a softly defined waist. Short flutter sleeves and a V neckline keep it light on warm days. Machine wash cold on a gentle cycle.",
  }),
  garment({
    name: "Women's Oversized Hoodie",
    garment: "hoodie",
    category: "women",
    price: 7200,
    colors: ["Purple", "Green"],
    sizes: WOMEN,
    tags: ["hoodie", "fleece", "loungewear"],
    stock: 39,
    daysOld: 160,
    rating: 4.6,
    reviews: 84,
    description:
      "An oversized hoodie in a cosy loopback cotton fleece with dropped shoulders and a generous hood. Ribbed cuffs and hem gather the volume for an easy, slouchy shape. Machine wash cold.",
  }),
  garment({
    name: "Women's Silk-Touch Blouse",
    garment: "shirt",
    category: "women",
    price: 6900,
    colors: ["Pink", "White"],
    sizes: WOMEN,
    tags: ["blouse", "shirt", "workwear"],
    stock: 32,
    daysOld: 18,
    rating: 4.5,
    reviews: 9,
    description:
      "A fluid blouse in a sand-washed crepe with the soft sheen of silk and none of the fuss. Classic collar, covered placket and a curved hem that tucks neatly. Machine wash cold on a delicate cycle.",
  }),
  garment({
    name: "A-Line Denim Skirt",
    garment: "skirt",
    category: "women",
    price: 5800,
    colors: ["Blue"],
    sizes: WOMEN,
    tags: ["skirt", "denim", "midi"],
    stock: 0,
    daysOld: 310,
    rating: 4.3,
    reviews: 45,
    description:
      "A midi-length A-line skirt in soft non-stretch cotton denim with front seams that shape the flare. Fitted high waist with a button fastening. Wash inside out in cold water.",
  }),
  garment({
    name: "Women's Denim Shorts",
    garment: "shorts",
    category: "women",
    price: 4600,
    colors: ["Blue", "White"],
    sizes: WOMEN,
    tags: ["shorts", "denim", "summer"],
    stock: 51,
    daysOld: 240,
    rating: 4.2,
    reviews: 76,
    description:
      "High-rise denim shorts with a relaxed leg and a neat rolled hem. Cut from rigid cotton denim that softens with every wash. Machine wash cold, inside out.",
  }),
];

// ---------------------------------------------------------------------------------------------
// Accessories
// ---------------------------------------------------------------------------------------------

const accessories: Draft[] = [
  garment({
    name: "Classic Twill Cap",
    garment: "cap",
    category: "accessories",
    price: 2800,
    colors: ["Navy", "Black", "Red"],
    sizes: CAP,
    tags: ["cap", "hat", "twill"],
    stock: 92,
    daysOld: 200,
    rating: 4.6,
    reviews: 139,
    description:
      "A six-panel cap in brushed cotton twill with a pre-curved brim and embroidered eyelets. An adjustable strap at the back gives a comfortable fit. Spot clean only.",
  }),
  garment({
    name: "Washed Cotton Dad Cap",
    garment: "cap",
    category: "accessories",
    price: 1800,
    was: 2600,
    colors: ["Gray", "Green", "Pink"],
    sizes: CAP,
    tags: ["cap", "hat", "washed cotton"],
    stock: 8,
    daysOld: 290,
    rating: 4.4,
    reviews: 61,
    description:
      "An unstructured low-profile cap, garment-washed for a soft, broken-in feel and a subtly faded colour. Tonal stitching and a brass buckle strap. Hand wash cold and reshape to dry.",
  }),
  garment({
    name: "Oversized Market Tote",
    garment: "bag",
    category: "accessories",
    price: 4200,
    colors: ["Green", "Navy"],
    sizes: BAG,
    tags: ["bag", "tote", "canvas"],
    stock: 37,
    daysOld: 115,
    rating: 4.7,
    reviews: 52,
    description:
      "An extra-roomy tote in heavy cotton canvas, big enough for the weekly shop or a weekend away. Reinforced handles and a squared base that stands up on its own. Spot clean or hand wash cold.",
  }),
  garment({
    name: "Zip-Top Weekender Tote",
    garment: "bag",
    category: "accessories",
    price: 6800,
    colors: ["Black", "Gray"],
    sizes: BAG,
    tags: ["bag", "tote", "travel"],
    stock: 0,
    daysOld: 145,
    rating: 4.8,
    reviews: 44,
    description:
      "A structured zip-top tote in water-resistant waxed canvas with a padded laptop sleeve inside. Long handles sit comfortably on the shoulder and the base is lined for durability. Wipe clean with a damp cloth.",
  }),
  garment({
    name: "Wool Blend Baseball Cap",
    garment: "cap",
    category: "accessories",
    price: 3800,
    colors: ["Gray", "Navy"],
    sizes: CAP,
    tags: ["cap", "hat", "wool", "winter"],
    stock: 28,
    daysOld: 55,
    rating: 4.5,
    reviews: 23,
    description:
      "A warm wool-blend baseball cap with a satin-lined crown and a leather adjuster. Structured front panels keep a sharp shape all winter. Spot clean only.",
  }),
];

// ---------------------------------------------------------------------------------------------
// Sale and New Arrivals (assigned directly to those categories)
// ---------------------------------------------------------------------------------------------

const saleAndNew: Draft[] = [
  garment({
    name: "Quilted Liner Jacket",
    garment: "jacket",
    category: "sale",
    price: 8900,
    was: 14900,
    colors: ["Navy", "Black"],
    sizes: UNISEX,
    tags: ["jacket", "quilted", "outerwear", "layering"],
    stock: 3,
    daysOld: 330,
    rating: 4.6,
    reviews: 68,
    description:
      "A lightweight quilted jacket with recycled insulation that packs down small. Wear it alone on cool days or as a warm layer under a shell. Machine wash cold and tumble dry low with clean tennis balls.",
  }),
  garment({
    name: "Garment-Dyed Polo",
    garment: "polo",
    category: "sale",
    price: 2900,
    was: 4800,
    colors: ["Red", "Navy"],
    sizes: UNISEX,
    tags: ["polo", "garment-dyed", "summer"],
    stock: 46,
    daysOld: 265,
    rating: 4.3,
    reviews: 55,
    description:
      "A soft jersey polo dyed after sewing for a rich, slightly uneven colour that only gets better with wear. Relaxed fit with a knitted collar and a three-button placket. Machine wash cold with like colours.",
  }),
  garment({
    name: "Brushed Fleece Hoodie",
    garment: "hoodie",
    category: "sale",
    price: 3900,
    was: 6500,
    colors: ["Red", "Blue"],
    sizes: UNISEX,
    tags: ["hoodie", "fleece"],
    stock: 35,
    daysOld: 355,
    rating: 4.4,
    reviews: 102,
    description:
      "A mid-weight pullover hoodie in cotton-rich brushed fleece with a double-layer hood. Kangaroo pocket, ribbed cuffs and a relaxed, unisex fit. Machine wash cold and tumble dry low.",
  }),
  garment({
    name: "Boucle Knit Sweater",
    garment: "sweater",
    category: "new-arrivals",
    price: 11800,
    colors: ["White", "Pink"],
    sizes: UNISEX,
    tags: ["sweater", "boucle", "knitwear"],
    stock: 7,
    daysOld: 2,
    rating: 4.9,
    reviews: 4,
    description:
      "A textured bouclé knit with a cloud-soft hand, knitted in an alpaca and wool blend. Relaxed crew neck fit with ribbed edges and dropped shoulders. Hand wash cold and dry flat.",
  }),
  garment({
    name: "Relaxed Terry Joggers",
    garment: "joggers",
    category: "new-arrivals",
    price: 5800,
    colors: ["Blue", "Navy"],
    sizes: UNISEX,
    tags: ["joggers", "terry", "loungewear"],
    stock: 62,
    daysOld: 7,
    rating: 4.6,
    reviews: 8,
    description:
      "Looped cotton terry joggers with a relaxed leg, elastic waist and soft ribbed cuffs. Light enough for spring and comfortable enough for every day. Machine wash cold; tumble dry low.",
  }),
  garment({
    name: "Poplin Shirt Dress",
    garment: "dress",
    category: "new-arrivals",
    price: 9800,
    colors: ["White", "Blue"],
    sizes: WOMEN,
    tags: ["dress", "poplin", "workwear"],
    stock: 6,
    daysOld: 3,
    rating: 4.7,
    reviews: 5,
    description:
      "A crisp cotton poplin dress with a wrap front and a detachable tie belt that defines the waist. Falls to a graceful midi length with side seam pockets. Machine wash warm; iron while damp.",
  }),
];

// ---------------------------------------------------------------------------------------------
// Inactive (hidden from the storefront, kept for the admin)
// ---------------------------------------------------------------------------------------------

const inactive: Draft[] = [
  garment({
    name: "Vintage Wash Tee",
    garment: "tee",
    category: "men",
    price: 2600,
    colors: ["Gray"],
    sizes: MEN,
    tags: ["t-shirt", "vintage"],
    stock: 14,
    daysOld: 395,
    rating: 4.1,
    reviews: 33,
    inactive: true,
    description:
      "A softly faded tee in slub cotton jersey with a worn-in, vintage feel. Regular fit with a ribbed crew neck. Machine wash cold.",
  }),
  garment({
    name: "Men's Quilted Vest",
    garment: "jacket",
    category: "men",
    price: 7800,
    colors: ["Black"],
    sizes: MEN,
    tags: ["vest", "quilted", "outerwear"],
    stock: 0,
    daysOld: 380,
    rating: 3.9,
    reviews: 21,
    inactive: true,
    description:
      "A lightweight quilted vest with recycled insulation for core warmth without bulk. Zip front, snap pockets and a stand collar. Machine wash cold.",
  }),
  garment({
    name: "Floral Wrap Skirt",
    garment: "skirt",
    category: "women",
    price: 5400,
    colors: ["Red"],
    sizes: WOMEN,
    tags: ["skirt", "wrap"],
    stock: 12,
    daysOld: 360,
    rating: 3.8,
    reviews: 17,
    inactive: true,
    description:
      "A swishy wrap skirt in printed viscose with a tie waist and a midi hem. Lightweight and fully adjustable. Hand wash cold.",
  }),
  garment({
    name: "Corduroy Six-Panel Cap",
    garment: "cap",
    category: "accessories",
    price: 2400,
    colors: ["Green"],
    sizes: CAP,
    tags: ["cap", "corduroy"],
    stock: 20,
    daysOld: 400,
    rating: 3.6,
    reviews: 12,
    inactive: true,
    description:
      "A six-panel cap in fine-wale cotton corduroy with a curved brim. Adjustable strap at the back. Spot clean only.",
  }),
];

// ---------------------------------------------------------------------------------------------

function firstSentence(text: string): string {
  const end = text.indexOf(". ");
  return end === -1 ? text : text.slice(0, end + 1);
}

/** Assigns SKUs in catalogue order and fills the SEO fields for every other product. */
function finalize(drafts: Draft[]): DemoProduct[] {
  return drafts.map((d, i) => {
    const { garment: g, metaName, ...product } = d;
    const color = (d.colors[0] ?? "Black") as Color;
    const withMeta = i % 2 === 0;
    return {
      ...product,
      sku: `AC-${GARMENT_CODES[g]}-${COLOR_CODES[color]}-${String(i + 1).padStart(3, "0")}`,
      metaTitle: withMeta ? `${metaName} | ${BRAND}` : null,
      metaDescription: withMeta ? `${firstSentence(d.description)} Shop ${metaName} at ${BRAND}.` : null,
    };
  });
}

export const demoProducts: DemoProduct[] = finalize([
  ...groups,
  ...men,
  ...women,
  ...accessories,
  ...saleAndNew,
  ...inactive,
]);
