import { randomUUID } from "node:crypto";
import { eq, inArray, or } from "drizzle-orm";
import { products, productVariants } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { suggestedSku } from "~/modules/catalog/variant-rules";
import { insertProducts } from "~/modules/catalog/variants.server";
import type { EditorProduct } from "./editor-api";
import { recordProductChanges, type Actor } from "./product-audit.server";
import { copyName, copySku, copySlug, DUPLICATE_MESSAGES } from "./product-duplicate";
import { loadEditorProduct, storedVariants } from "./product-save.server";
import { PRODUCT_SAVE_MESSAGES } from "./save-messages";

/** How many candidate slugs and SKUs a duplicate tries ('copy-of-x', 'copy-of-x-2', …). */
const ATTEMPTS = 50;

/**
 * 'Duplicate product': a new draft made of a product — inactive, named 'Copy of …', with a fresh
 * unique slug and SKU, every other field the same (not its group: a copy starts on its own), and the
 * same variants with their own SKUs (suggested from the copy's), no barcode and no stock. Recorded in
 * the audit trail as a 'duplicate' of the original. Answers the copy as the editor opens it.
 */
export async function duplicateProduct(db: Db, actor: Actor, sourceId: string): Promise<EditorProduct> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const [source] = await tx.select().from(products).where(eq(products.id, sourceId));
    if (!source) throw new DomainError("not-found", PRODUCT_SAVE_MESSAGES.notFound, { reason: "NOT_FOUND" });
    const variants = await storedVariants(tx, sourceId);
    const name = copyName(source.name);

    let picked: { slug: string; sku: string; variantSkus: string[] } | null = null;
    for (let attempt = 1; attempt <= ATTEMPTS && !picked; attempt++) {
      const slug = copySlug(source.name, attempt);
      const sku = copySku(source.sku, attempt);
      const variantSkus = variants.map((v) => suggestedSku(sku, v, variants.length));
      const [clash] = await tx
        .select({ id: products.id })
        .from(products)
        .where(or(eq(products.slug, slug), eq(products.sku, sku)))
        .limit(1);
      const [variantClash] = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(inArray(productVariants.sku, variantSkus))
        .limit(1);
      if (!clash && !variantClash) picked = { slug, sku, variantSkus };
    }
    if (!picked) throw new DomainError("conflict", DUPLICATE_MESSAGES.noFreeName, { reason: "NO_FREE_NAME" });

    await insertProducts(tx, [
      {
        id,
        name,
        slug: picked.slug,
        sku: picked.sku,
        description: source.description,
        images: source.images,
        imageUrl: source.imageUrl,
        categoryId: source.categoryId,
        priceCents: source.priceCents,
        originalPriceCents: source.originalPriceCents,
        isSale: source.isSale,
        isActive: false,
        featured: source.featured,
        isNew: source.isNew,
        metaTitle: source.metaTitle,
        metaDescription: source.metaDescription,
        tags: source.tags,
        colors: source.colors,
        sizes: source.sizes,
        variants: variants.map((v, i) => ({
          size: v.size,
          color: v.color,
          sku: picked.variantSkus[i]!,
          stock: 0,
          barcode: null,
          priceCents: v.priceCents,
        })),
      },
    ]);
    await recordProductChanges(tx, actor, "duplicate", [
      {
        productId: id,
        changes: {
          duplicatedFrom: [null, `${source.name} (${source.sku})`],
          name: [null, name],
          slug: [null, picked.slug],
          sku: [null, picked.sku],
          isActive: [null, false],
        },
      },
    ]);
  });
  return (await loadEditorProduct(db, id))!;
}
