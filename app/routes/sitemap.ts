import { errorAnswer } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { sitemapXml } from "~/modules/catalog/sitemap.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: home, categories and every active product. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { config, catalog } = services();
    const xml = sitemapXml(config.publicUrl, await catalog.sitemapEntries());
    return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
  } catch (error) {
    // A crawler told 503 comes back later; it never sees the detail.
    const { status, message } = errorAnswer(error, request, { where: "sitemap" });
    return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
