import { services } from "~/services.server";
import { sitemapXml } from "~/modules/catalog/sitemap.server";

/** /sitemap.xml: home, categories and every active product. */
export async function loader() {
  const { config, catalog } = services();
  const xml = sitemapXml(config.publicUrl, await catalog.sitemapEntries());
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
