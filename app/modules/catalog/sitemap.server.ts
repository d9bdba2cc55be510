import { and, asc, eq } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { SHOP_ALL, SHOP_COLLECTIONS } from "./shop-query";

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The home page, every shop category and every active product. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder)),
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.isActive, true)))
      .orderBy(asc(products.slug)),
  ]);
  // /shop is the canonical address of "shop all"; /shop/shop-all is not listed.
  const categorySlugs = [...new Set([...SHOP_COLLECTIONS, ...categoryRows.map((c) => c.slug)])].filter(
    (s) => s !== SHOP_ALL,
  );
  return [
    { path: "/" },
    { path: "/shop" },
    ...categorySlugs.map((slug) => ({ path: `/shop/${slug}` })),
    ...productRows.map((p) => ({ path: `/product/${p.slug}`, lastModified: p.updatedAt })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(new URL(e.path, origin).toString())}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawlers index the catalogue; admin, account and checkout pages stay out. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /secure-admin",
    "Disallow: /profile",
    "Disallow: /orders",
    "Disallow: /order-confirmation/",
    "Disallow: /checkout",
    "Disallow: /search",
    "Disallow: /login",
    "Disallow: /register",
    "Disallow: /forgot-password",
    "Disallow: /api/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`,
    "",
  ].join("\n");
}
