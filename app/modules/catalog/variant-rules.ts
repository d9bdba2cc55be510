/**
 * Variants (decisions.md §6): one product in one size and one colour, with its own SKU, stock and
 * optional price. Pure rules shared by the server, the storefront and the back office.
 *
 * A product without sizes has the size '' on its variants, one without colours the colour '': the
 * cart's defaults ('M', 'Default', spec §3 Cart item) stand for "none" and map to ''.
 */

/** A size and a colour of a product; '' where the product has none. */
export interface VariantOption {
  size: string;
  color: string;
}

/** What a product's variant says to a shopper: which option, how many, at what price. */
export interface VariantStock extends VariantOption {
  id: string;
  sku: string;
  stock: number;
  /** The variant's own price, or null for the product's. */
  priceCents: number | null;
}

/** The sizes or colours of a product without blanks or repeats, in the product's order. */
function cleanList(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ""))];
}

/**
 * The variants a product with these sizes and colours has, size by size in the product's order and
 * each size's colours in theirs; one ('', '') when it lists neither.
 */
export function variantOptions(sizes: readonly string[], colors: readonly string[]): VariantOption[] {
  const sizeList = cleanList(sizes);
  const colorList = cleanList(colors);
  const options: VariantOption[] = [];
  for (const size of sizeList.length > 0 ? sizeList : [""])
    for (const color of colorList.length > 0 ? colorList : [""]) options.push({ size, color });
  return options;
}

/** The variant's option for a cart or order line: the line's size and colour, '' where the product has none. */
export function optionOfLine(
  product: { sizes: readonly string[]; colors: readonly string[] },
  line: { size?: string | null; color?: string | null },
): VariantOption {
  return {
    size: product.sizes.length > 0 ? (line.size?.trim() ?? "") : "",
    color: product.colors.length > 0 ? (line.color?.trim() ?? "") : "",
  };
}

export function sameOption(a: VariantOption, b: VariantOption): boolean {
  return a.size === b.size && a.color === b.color;
}

/** The variant of a product for a size and colour, or undefined. */
export function findVariant<V extends VariantOption>(variants: readonly V[], option: VariantOption): V | undefined {
  return variants.find((v) => sameOption(v, option));
}

function skuPart(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "")
    .toUpperCase();
}

/**
 * The SKU suggested for a variant: the product's SKU alone when it has one variant, else the
 * product's SKU, the size and the colour joined by hyphens ('TEE-BLK' + 'M' → 'TEE-BLK-M').
 */
export function suggestedSku(productSku: string, option: VariantOption, variantCount: number): string {
  if (variantCount <= 1) return productSku;
  return [productSku, skuPart(option.size), skuPart(option.color)].filter((part) => part !== "").join("-");
}

/** What a variant costs: its own price when it has one, else the product's. */
export function variantPrice(productPriceCents: number, variant: { priceCents: number | null } | undefined): number {
  return variant?.priceCents ?? productPriceCents;
}

/** The product's stock: the sum of its variants'. */
export function totalStock(variants: ReadonlyArray<{ stock: number }>): number {
  return variants.reduce((sum, v) => sum + v.stock, 0);
}

/** A size is available when any variant of that size (any colour) has stock. */
export function sizeInStock(variants: readonly VariantStock[], size: string, color?: string): boolean {
  return variants.some((v) => v.size === size && (color === undefined || v.color === color) && v.stock > 0);
}

/** How much a size weighs in the demo catalogue's stock: the middle sizes sell most. */
const SIZE_WEIGHTS: Record<string, number> = {
  XS: 1,
  S: 2,
  M: 3,
  L: 3,
  XL: 2,
  XXL: 1,
  XXXL: 1,
  "4XL": 1,
  "28": 1,
  "30": 2,
  "32": 3,
  "34": 3,
  "36": 2,
  "38": 1,
};

/**
 * Spreads a total over variants by their sizes' weights (largest remainders, so the parts add up to
 * the total exactly); `soldOut` names options left at zero, their share going to the others.
 */
export function spreadStock(
  total: number,
  options: readonly VariantOption[],
  soldOut: (option: VariantOption) => boolean = () => false,
): number[] {
  const weights = options.map((o) => (soldOut(o) ? 0 : (SIZE_WEIGHTS[o.size] ?? 1)));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total <= 0) return options.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (weights[i]! > 0) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}
