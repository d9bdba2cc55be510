import { useCallback, useMemo } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { SitePath } from "~/lib/redirects";
import { PRICE_SLIDER_MAX, parseShopQuery, shopSearchParams, type ShopQuery } from "~/modules/catalog/shop-query";

export type ShopChoices = Omit<ShopQuery, "category">;

/** The URL of a shop query under a category path, defaults left out. */
export function shopHref(basePath: SitePath, query: ShopChoices): SitePath {
  const search = shopSearchParams(query).toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** The same query with every filter removed (sort and view kept). */
export function withoutFilters(query: ShopChoices): ShopChoices {
  return { ...query, size: null, color: null, minPrice: null, maxPrice: null, inStock: false, page: 1 };
}

/** The UI's price range is 0–500: a minimum of 0 and a maximum of 500 or more are no bound. */
export function priceBounds(min: number | null, max: number | null): Pick<ShopQuery, "minPrice" | "maxPrice"> {
  let lo = min !== null && Number.isFinite(min) && min > 0 ? Math.floor(min) : null;
  let hi = max !== null && Number.isFinite(max) && max >= 0 && max < PRICE_SLIDER_MAX ? Math.floor(max) : null;
  if (lo !== null && hi !== null && lo > hi) [lo, hi] = [hi, lo];
  return { minPrice: lo, maxPrice: hi };
}

/**
 * The shop's choices as the page should show them now: the URL being navigated to while a shop
 * navigation is under way (so a chosen filter shows as chosen at once), else the loaded URL.
 * `apply` makes a choice: every choice is a navigation (shareable, reloadable, Back works), and
 * any change but the view or the page goes back to page 1.
 */
export function useShopNavigation(basePath: SitePath, loaded: ShopQuery) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();

  const pendingSearch =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? navigation.location.search
      : null;
  const current: ShopQuery = useMemo(
    () => (pendingSearch === null ? loaded : parseShopQuery(loaded.category, new URLSearchParams(pendingSearch))),
    [pendingSearch, loaded],
  );

  const apply = useCallback(
    (changes: Partial<ShopChoices>) => {
      const keepPage = Object.keys(changes).every((key) => key === "view" || key === "page");
      const next = { ...current, ...(keepPage ? {} : { page: 1 }), ...changes };
      void navigate(shopHref(basePath, next), { preventScrollReset: true });
    },
    [basePath, current, navigate],
  );

  return { current, apply, busy: pendingSearch !== null };
}
