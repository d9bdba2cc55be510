import { services } from "~/services.server";
import { robotsTxt } from "~/modules/catalog/sitemap.server";

/** /robots.txt: points to the sitemap and keeps admin and account pages out. */
export function loader() {
  return new Response(robotsTxt(services().config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
