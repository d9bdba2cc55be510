import type {
  RecoverySettings,
  NotificationSettings,
  ReturnSettings,
  ReviewSettings,
  ShippingSettings,
  StoreSettings,
} from "./settings-schema";

/**
 * The defaults of the settings' small sections: what every page's browser code may need (the shop's face,
 * the cart's pricing hints) without the policy pages' texts, which only the server renders
 * (settings-defaults.ts adds them).
 */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  name: "Abundance Collection",
  logoUrl: null,
  contactEmail: "support@abundancecollection.example",
  contactPhone: "+1 (555) 010-2030",
  returnAddress: "Abundance Collection\n200 Market Street, Suite 4\nPortland, OR 97204\nUSA",
  timeZone: "America/New_York",
  announcement: "Free shipping on orders over $50 · 30-day returns",
};

export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = {
  rates: { standard: 999, express: 1999, overnight: 2999 },
  freeShippingOverCents: 5000,
  // Where checkout shipped before the owner could choose (spec §5).
  shipsTo: ["US", "CA", "UK", "AU"],
  taxPercent: 8,
  countryTax: {},
  usStateTax: {},
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  ownerEmail: "",
  newOrderAlerts: true,
};

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  newReviews: "publish",
};

/** RETURN_WINDOW_DAYS replaces it where the server starts (createShopSettings' `defaults`). */
export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 30,
};

/** Abandoned-checkout reminders (issue 31): the second one carries no code until the owner turns it on. */
export const DEFAULT_RECOVERY_SETTINGS: RecoverySettings = {
  discountCode: false,
  percentOff: 10,
};
