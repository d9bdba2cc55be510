import { FETCH_MESSAGES } from "~/lib/fetch-with-retry";
import { failureMessage, requestJson } from "~/lib/post-json";
import {
  isVariantAvailability,
  variantAvailabilityPath,
  type VariantAvailability,
} from "~/modules/catalog/variant-availability";

export type AvailabilityResult = { availability: VariantAvailability } | { error: string };

/**
 * A product's sizes in stock, from `GET /api/products/{slug}/variants` (a read: sent again on a slow
 * or lost answer, spec §9). Answers the availability, or a message fit to show.
 */
export async function loadVariantAvailability(slug: string): Promise<AvailabilityResult> {
  try {
    const { status, body } = await requestJson<VariantAvailability | { error?: string }>(
      variantAvailabilityPath(slug),
      { method: "GET" },
      "retry",
    );
    if (status === 200 && isVariantAvailability(body)) return { availability: body };
    const message = body && "error" in body && typeof body.error === "string" ? body.error : FETCH_MESSAGES.network;
    return { error: message };
  } catch (error) {
    return { error: failureMessage(error) };
  }
}
