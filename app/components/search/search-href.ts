import type { SitePath } from "~/lib/redirects";
import type { SearchQuery } from "~/modules/catalog/catalog-types";
import { searchSearchParams } from "~/modules/catalog/search-query";

/** The URL of a search; spaces as %20 like the header search's, so the two agree. */
export function searchHref(query: SearchQuery): SitePath {
  const qs = searchSearchParams(query).toString().replace(/\+/g, "%20");
  return qs ? `/search?${qs}` : "/search";
}
