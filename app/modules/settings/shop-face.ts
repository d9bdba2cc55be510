import { DEFAULT_RETURN_SETTINGS, DEFAULT_SHIPPING_SETTINGS, DEFAULT_STORE_SETTINGS } from "./small-settings-defaults";
import type { ShippingSettings, ShopSettings, StoreSettings } from "./settings-schema";

/**
 * The part of the settings every page's browser code may know (the root loader gives it): the shop's
 * name and logo for the header, the announcement bar, the contact lines for the footer, and the rates
 * the cart's hints and checkout's summary show before the server prices an order. Pure.
 */
export interface ShopFace {
  name: string;
  logoUrl: string | null;
  announcement: string;
  contactEmail: string;
  contactPhone: string;
  /** Where the shop's clock is: order dates and 'today' read in it. */
  timeZone: string;
  /** The return window in days (the Returns settings): what the shop promises on every page. */
  returnDays: number;
  shipping: Pick<
    ShippingSettings,
    "rates" | "freeShippingOverCents" | "taxPercent" | "countryTax" | "usStateTax" | "shipsTo"
  >;
}

export function shopFace(settings: Pick<ShopSettings, "store" | "shipping" | "returns">): ShopFace {
  const store: StoreSettings = settings.store;
  const { rates, freeShippingOverCents, taxPercent, countryTax, usStateTax, shipsTo } = settings.shipping;
  return {
    name: store.name,
    logoUrl: store.logoUrl,
    announcement: store.announcement,
    contactEmail: store.contactEmail,
    contactPhone: store.contactPhone,
    timeZone: store.timeZone,
    returnDays: settings.returns.windowDays,
    shipping: { rates, freeShippingOverCents, taxPercent, countryTax, usStateTax, shipsTo },
  };
}

/** The face of a shop with default settings (an error screen, rendered without the root's data). */
export const DEFAULT_SHOP_FACE: ShopFace = shopFace({
  store: DEFAULT_STORE_SETTINGS,
  shipping: DEFAULT_SHIPPING_SETTINGS,
  returns: DEFAULT_RETURN_SETTINGS,
});
