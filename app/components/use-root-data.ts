import { useRouteLoaderData } from "react-router";
// Types only: nothing of these server modules reaches the browser.
import type { PublicConfig } from "~/lib/config/config.server";
import { ORDER_LIMIT_DEFAULTS } from "~/lib/config/order-limits";
import type { SessionUser } from "~/modules/accounts/session-user";
import { DEFAULT_SHOP_FACE, type ShopFace } from "~/modules/settings/shop-face";

/** What the root loader gives every page: who is signed in and the configuration the browser may know. */
export interface RootData {
  user: SessionUser | null;
  config: PublicConfig;
  /** The owner's settings the browser may know: name, logo, announcement, contact, rates. */
  shop: ShopFace;
}

/** The root loader's data, for routes and components below it (undefined while an error screen renders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The most of one product a cart may hold (MAX_QTY_PER_PRODUCT): the quantity pickers' maximum. */
export function useMaxPerProduct(): number {
  return useRootData()?.config.maxQuantityPerProduct ?? ORDER_LIMIT_DEFAULTS.maxQuantityPerProduct;
}

/** The shop as its owner set it up (the defaults while an error screen renders without the root's data). */
export function useShop(): ShopFace {
  return useRootData()?.shop ?? DEFAULT_SHOP_FACE;
}
