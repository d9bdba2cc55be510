import { services } from "~/services.server";
import { sitemapEntries, sitemapXml } from "~/modules/catalog/sitemap.server";

/** /sitemap.xml: home, categories and every active product. */
export async function loader() {
  const { config, database, catalogCache } = services();
  const xml = await catalogCache.get("sitemap", async () => sitemapXml(config.publicUrl, await sitemapEntries(database.db)));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
