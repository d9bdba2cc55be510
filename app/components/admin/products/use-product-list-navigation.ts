import { useCallback, useMemo } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import {
  ADMIN_PRODUCTS_PATH,
  adminProductsHref,
  changeAdminProductQuery,
  listKey,
  parseAdminProductQuery,
  type AdminProductQuery,
} from "~/modules/product-admin/admin-product-query";

/**
 * The list query as the page should show it now. `loaded` is what the loader listed; the view comes
 * from the URL (changing it reloads nothing); while a navigation to another list is under way, the
 * query being loaded shows at once in the controls and `loading` is true ('Loading products...').
 * `apply` makes a change: every change is a navigation (shareable, Back works), and a change of the
 * search or a filter goes back to page 1.
 */
export function useProductListNavigation(loaded: AdminProductQuery) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const inUrl = useMemo(() => parseAdminProductQuery(new URLSearchParams(location.search)), [location.search]);
  const pendingSearch =
    navigation.state === "loading" && navigation.location.pathname === ADMIN_PRODUCTS_PATH
      ? navigation.location.search
      : null;
  const pending = useMemo(
    () => (pendingSearch === null ? null : parseAdminProductQuery(new URLSearchParams(pendingSearch))),
    [pendingSearch],
  );
  const loading = pending !== null && listKey(pending) !== listKey(inUrl);
  const current: AdminProductQuery = useMemo(
    () => (pending && loading ? pending : { ...loaded, view: (pending ?? inUrl).view }),
    [pending, loading, loaded, inUrl],
  );

  const apply = useCallback(
    (changes: Partial<AdminProductQuery>) => {
      void navigate(adminProductsHref(changeAdminProductQuery(current, changes)), { preventScrollReset: true });
    },
    [current, navigate],
  );

  return { current, apply, loading };
}
