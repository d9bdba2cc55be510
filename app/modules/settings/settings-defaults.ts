import { DEFAULT_PAGE_TEXTS } from "./default-pages";
import type { ShopSettings } from "./settings-schema";

/**
 * The settings of a shop whose owner has saved nothing: the demo shop's texts, the spec's three rates
 * (free standard shipping over $50) and 8% tax. Each section the owner saves replaces its default whole.
 */
export const DEFAULT_SETTINGS: ShopSettings = {
  store: {
    name: "Abundance Collection",
    logoUrl: null,
    contactEmail: "support@abundancecollection.example",
    contactPhone: "+1 (555) 010-2030",
    returnAddress: "Abundance Collection\n200 Market Street, Suite 4\nPortland, OR 97204\nUSA",
    timeZone: "America/New_York",
    announcement: "Free shipping on orders over $50 · 30-day returns",
  },
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
  shipping: {
    rates: { standard: 999, express: 1999, overnight: 2999 },
    freeShippingOverCents: 5000,
    // Where checkout shipped before the owner could choose (spec §5).
    shipsTo: ["US", "CA", "UK", "AU"],
    taxPercent: 8,
    countryTax: {},
    usStateTax: {},
  },
  notifications: {
    ownerEmail: "",
    newOrderAlerts: true,
  },
  reviews: {
    newReviews: "publish",
  },
  // RETURN_WINDOW_DAYS replaces it where the server starts (createShopSettings' `defaults`).
  returns: {
    windowDays: 30,
  },
};
