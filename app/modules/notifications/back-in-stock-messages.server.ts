import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { restockProductPath } from "./back-in-stock-texts";
import type { BackInStockMessage } from "./message-kinds";

/**
 * The subscriptions a batch of back-in-stock messages is about (issue 31), as those messages word them:
 * the product, size and colour as they are when sent, and the link to the product page with that size
 * and colour chosen. A subscription whose variant or product is gone (or inactive) is left out: its
 * message fails, saying why. One query.
 */
export async function loadBackInStockMessages(
  db: Db,
  subscriptionIds: readonly string[],
  publicUrl: string,
): Promise<Map<string, BackInStockMessage>> {
  const ids = [...new Set(subscriptionIds)];
  const found = new Map<string, BackInStockMessage>();
  if (ids.length === 0) return found;
  const rows = await queryRows<{
    id: string;
    name: string;
    slug: string;
    size: string;
    color: string;
    image_url: string | null;
  }>(
    db,
    sql`select s.id, p.name, p.slug, v.size, v.color, coalesce(p.image_url, p.images[1]) as image_url
          from restock_subscriptions s
          join product_variants v on v.id = s.variant_id
          join products p on p.id = v.product_id
         where s.id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) and p.is_active`,
  );
  const base = publicUrl.replace(/\/+$/, "");
  for (const r of rows) {
    found.set(r.id, {
      subscriptionId: r.id,
      productName: r.name,
      size: r.size,
      color: r.color,
      imageUrl: r.image_url,
      url: base + restockProductPath(r.slug, r.size, r.color),
    });
  }
  return found;
}
