import { z } from "zod";
import { COUNTRIES, type CountryCode } from "~/lib/countries";

/**
 * The owner's shop settings (issue 26): what makes the shop theirs, edited on the back office's Settings
 * page instead of written in code. Four sections, each saved (and version-checked, and audited) on its
 * own. Every field has a default — the demo shop's texts and the spec's rates and 8% tax — so a new
 * shop, or a section the owner never saved, is complete. Pure: the client's forms validate with it too.
 */

export const SETTINGS_SECTIONS = [
  "store",
  "pages",
  "shipping",
  "notifications",
  "reviews",
  "returns",
  "recovery",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function isSettingsSection(value: unknown): value is SettingsSection {
  return typeof value === "string" && (SETTINGS_SECTIONS as readonly string[]).includes(value);
}

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });
const required = (max: number, label: string) => text(max, label).min(1, { error: `${label} is required` });
const email = (label: string) =>
  z
    .string()
    .trim()
    .max(254, { error: `${label} must be at most 254 characters` })
    .pipe(z.email({ error: `${label} must be a valid e-mail address` }));
/** An image the owner uploaded (a /media/ path the image pipeline gave) or one of the shop's own (/images/…). */
const imagePath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(media|images)\/[\w./-]+$/, { error: "Choose an uploaded image" });
/** A link inside the shop: a path, not another site. */
const sitePath = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/(?!\/)[\w\-./?=&%]*$/, { error: "Use a path inside the shop, such as /shop" });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const storeSettingsSchema = z.object({
  name: required(80, "Store name"),
  /** Null: the name is shown as the logo. */
  logoUrl: imagePath.nullable(),
  contactEmail: email("Contact e-mail"),
  contactPhone: required(40, "Contact phone").regex(/^\+?[\d\s().-]{6,}$/, {
    error: "Contact phone must be a phone number",
  }),
  /** Where returns go, one line per row. */
  returnAddress: required(400, "Return address"),
  timeZone: z.string().refine(isTimeZone, { error: "Choose a time zone" }),
  /** The bar above the header; empty shows no bar. */
  announcement: text(160, "Announcement"),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** The shop's information pages, in the order the Settings page lists them. */
export const CONTENT_PAGES = [
  { key: "contact", path: "/contact-us", title: "Contact Us" },
  { key: "shipping", path: "/shipping-info", title: "Shipping Information" },
  { key: "returns", path: "/returns", title: "Returns & Exchanges" },
  { key: "sizeGuide", path: "/size-guide", title: "Size Guide" },
  { key: "faq", path: "/faq", title: "Frequently Asked Questions" },
  { key: "privacy", path: "/privacy", title: "Privacy Policy" },
  { key: "terms", path: "/terms", title: "Terms of Service" },
] as const;
export type ContentPageKey = (typeof CONTENT_PAGES)[number]["key"];

const markdown = (label: string) => required(20_000, label);

export const pagesSettingsSchema = z.object({
  /** Markdown, rendered without raw HTML. */
  pages: z.object({
    contact: markdown("Contact page"),
    shipping: markdown("Shipping page"),
    returns: markdown("Returns page"),
    sizeGuide: markdown("Size guide page"),
    faq: markdown("FAQ page"),
    privacy: markdown("Privacy page"),
    terms: markdown("Terms page"),
  }),
  hero: z.object({
    imageUrl: imagePath,
    /** The small line above the heading ('New season'); empty shows none. */
    eyebrow: text(40, "Hero line"),
    heading: required(120, "Hero heading"),
    text: text(400, "Hero text"),
    buttonLabel: required(40, "Button label"),
    buttonHref: sitePath,
  }),
  /** The home page's figures ('10K+ customers'); none shows no line (a new shop has no such figures). */
  stats: z
    .array(z.object({ value: required(20, "Figure"), label: required(40, "Figure label") }))
    .max(4, { error: "At most 4 figures" }),
});
export type PagesSettings = z.infer<typeof pagesSettingsSchema>;

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount` })
    .int({ error: `${label} must be whole cents` })
    .min(0, { error: `${label} cannot be negative` })
    .max(1_000_000, { error: `${label} is too large` });
/** A tax rate in percent with up to three decimals (8, 8.875). */
const percent = z
  .number({ error: "Tax rate must be a number" })
  .min(0, { error: "Tax rate cannot be negative" })
  .max(30, { error: "Tax rate must be at most 30%" })
  .refine((n) => Number.isInteger(Math.round(n * 1000)) && Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, {
    error: "Tax rate has at most three decimals",
  });

export const SHIPPABLE_COUNTRIES = COUNTRIES.map((c) => c.code) as readonly CountryCode[];
const countryCodeSchema = z.enum(SHIPPABLE_COUNTRIES as [CountryCode, ...CountryCode[]], {
  error: "Choose a country from the list",
});
const usState = z.string().regex(/^[A-Z]{2}$/, { error: "A US state is its two-letter code, such as NY" });

export const shippingSettingsSchema = z.object({
  rates: z.object({
    standard: cents("Standard rate"),
    express: cents("Express rate"),
    overnight: cents("Overnight rate"),
  }),
  /** Standard shipping is free above this subtotal; null: never free. */
  freeShippingOverCents: cents("Free-shipping threshold").nullable(),
  /** The countries checkout accepts. */
  shipsTo: z.array(countryCodeSchema).min(1, { error: "Ship to at least one country" }),
  /** The rate for a country without its own. */
  taxPercent: percent,
  countryTax: z.partialRecord(countryCodeSchema, percent),
  /** For the United States, by state; a state without one takes the country's (or the default) rate. */
  usStateTax: z.record(usState, percent),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

export const notificationSettingsSchema = z.object({
  /** Where new-order alerts go; empty sends none. */
  ownerEmail: z.union([z.literal(""), email("Owner e-mail")]),
  newOrderAlerts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Reviews (issue 29): whether a new review is published at once or held for the owner's approval. */
export const reviewSettingsSchema = z.object({
  newReviews: z.enum(["publish", "hold"], { error: "Choose what happens to new reviews" }),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/** Returns (issue 30): how many days after delivery an order can be returned (RETURN_WINDOW_DAYS by default). */
export const returnSettingsSchema = z.object({
  windowDays: z
    .number({ error: "Return window must be a number of days" })
    .int({ error: "Return window must be whole days" })
    .min(1, { error: "Return window must be at least 1 day" })
    .max(365, { error: "Return window must be at most 365 days" }),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

/**
 * Abandoned-checkout recovery (issue 31): whether the second reminder carries a single-use code, and what
 * it takes off.
 */
export const recoverySettingsSchema = z.object({
  discountCode: z.boolean(),
  percentOff: z
    .number({ error: "Discount must be a number" })
    .int({ error: "Discount must be a whole percentage" })
    .min(1, { error: "Discount must be at least 1%" })
    .max(50, { error: "Discount must be at most 50%" }),
});
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;

export const SECTION_SCHEMAS = {
  store: storeSettingsSchema,
  pages: pagesSettingsSchema,
  shipping: shippingSettingsSchema,
  notifications: notificationSettingsSchema,
  reviews: reviewSettingsSchema,
  returns: returnSettingsSchema,
  recovery: recoverySettingsSchema,
} as const;

export interface ShopSettings {
  store: StoreSettings;
  pages: PagesSettings;
  shipping: ShippingSettings;
  notifications: NotificationSettings;
  reviews: ReviewSettings;
  returns: ReturnSettings;
  recovery: RecoverySettings;
}
export type SectionValue<S extends SettingsSection> = ShopSettings[S];

/** The words of each section for the Settings page and its audit rows. */
export const SECTION_NAMES: Record<SettingsSection, string> = {
  store: "Store",
  pages: "Pages",
  shipping: "Shipping and tax",
  notifications: "Notifications",
  reviews: "Reviews",
  returns: "Returns",
  recovery: "Cart reminders",
};
