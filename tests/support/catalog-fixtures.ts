import { eq } from "drizzle-orm";
import { products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { variantOptions } from "~/modules/catalog/variant-rules";
import { insertProducts, replaceVariants, type NewProduct, type VariantInput } from "~/modules/catalog/variants.server";
import type { NewReview } from "~/modules/reviews/review-store.server";

/**
 * Test products go in through the application's one path (`insertProducts`), so each has its variants
 * and `inventory` is their sum. `stock` puts units on the first variant; `variants` sets them all.
 */
export function insertTestProducts(db: Db, rows: readonly NewProduct[]) {
  return db.transaction((tx) => insertProducts(tx, rows));
}

/**
 * A published review of `productId` by a shopper without an account or an order (so not verified), five
 * stars in size M; `fields` set the rest. For `insertReviews`, the application's one write path.
 */
export function testReview(fields: Partial<NewReview> & Pick<NewReview, "productId" | "title">): NewReview {
  return {
    userId: null,
    orderId: null,
    orderItemId: null,
    size: "M",
    color: "",
    rating: 5,
    body: "",
    fit: null,
    authorName: "",
    verified: false,
    photos: [],
    status: "published",
    source: "customer",
    ...fields,
  };
}

/**
 * Gives a product these sizes and colours and sets its stock: a number puts that many units on
 * every variant; a function answers each variant's units.
 */
export async function setProductStock(
  db: Db,
  productId: string,
  stock: number | ((option: { size: string; color: string }) => number),
  options?: { sizes?: string[]; colors?: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ sku: products.sku, sizes: products.sizes, colors: products.colors })
      .from(products)
      .where(eq(products.id, productId))
      .for("no key update");
    if (!product) throw new Error(`no product ${productId}`);
    const sizes = options?.sizes ?? product.sizes;
    const colors = options?.colors ?? product.colors;
    if (options) await tx.update(products).set({ sizes, colors }).where(eq(products.id, productId));
    const variants: VariantInput[] = variantOptions(sizes, colors).map((o) => ({
      ...o,
      stock: typeof stock === "number" ? stock : stock(o),
    }));
    await replaceVariants(tx, productId, product.sku, variants);
  });
}
