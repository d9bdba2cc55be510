import { DEFAULT_PAGE_TEXTS } from "./default-pages";
import type { ShopSettings } from "./settings-schema";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_RECOVERY_SETTINGS,
  DEFAULT_RETURN_SETTINGS,
  DEFAULT_REVIEW_SETTINGS,
  DEFAULT_SHIPPING_SETTINGS,
  DEFAULT_STORE_SETTINGS,
} from "./small-settings-defaults";

/**
 * The settings of a shop whose owner has saved nothing: the demo shop's texts, the spec's three rates
 * (free standard shipping over $50) and 8% tax. Each section the owner saves replaces its default whole.
 */
export const DEFAULT_SETTINGS: ShopSettings = {
  store: DEFAULT_STORE_SETTINGS,
  pages: {
    pages: DEFAULT_PAGE_TEXTS,
    hero: {
      imageUrl: "/images/hero.svg",
      eyebrow: "New season",
      heading: "Clothes you reach for every day",
      text: "Soft fabrics, honest tailoring and colours that work together. Built to be worn often and kept for years.",
      buttonLabel: "Shop Now",
      buttonHref: "/shop",
    },
    stats: [
      { value: "10K+", label: "Happy Customers" },
      { value: "500+", label: "Products" },
      { value: "4.9", label: "Average Rating" },
    ],
  },
  shipping: DEFAULT_SHIPPING_SETTINGS,
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
  reviews: DEFAULT_REVIEW_SETTINGS,
  returns: DEFAULT_RETURN_SETTINGS,
  recovery: DEFAULT_RECOVERY_SETTINGS,
};
