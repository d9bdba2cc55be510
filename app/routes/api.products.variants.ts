import { data } from "react-router";
import { z } from "zod";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { variantAvailabilityOf, type VariantAvailability } from "~/modules/catalog/variant-availability";
import type { Route } from "./+types/api.products.variants";

/**
 * `GET /api/products/{slug}/variants`: an active product's sizes and colours with each variant's stock
 * and price, for a card's quick add (`components/product/quick-add.tsx`). Read through the catalogue's
 * shared cache, like the product page (the server marks the answer `private, no-store`: stock moves).
 */
export type VariantAvailabilityAnswer = VariantAvailability | { error: string };

const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,199}$/);

export async function loader({ params, request }: Route.LoaderArgs) {
  const reply = (body: VariantAvailabilityAnswer, status = 200) => data(body, { status });
  const slug = slugSchema.safeParse(params.slug);
  if (!slug.success) return reply({ error: "Invalid product slug" }, 400);
  try {
    const product = await services().catalog.productBySlug(slug.data);
    if (!product) return reply({ error: "Product not found" }, 404);
    return reply(variantAvailabilityOf(product));
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "product variants" });
    return reply({ error: message }, status);
  }
}
