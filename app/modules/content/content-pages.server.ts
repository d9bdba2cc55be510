import { CONTENT_PAGES, type ContentPageKey, type ShopSettings } from "~/modules/settings/settings-schema";
import { renderMarkdown, type PlaceholderValue, type RenderedMarkdown } from "./markdown.server";
import { shortPrice, telHref } from "./shop-words";

/**
 * The shop's information pages (contact, shipping, returns, size guide, FAQ, privacy, terms) as their
 * routes show them: the owner's Markdown with the store's settings filled in, rendered once per
 * settings value (the settings service hands out the same object until a save empties its cache).
 */

export interface ContentPageView extends RenderedMarkdown {
  title: string;
  /** The store's name, for the page's title and description. */
  shopName: string;
}

/** The placeholders the page texts may use (the Settings page's help lists them). */
export const PAGE_PLACEHOLDERS = [
  "storeName",
  "contactEmail",
  "contactPhone",
  "returnAddress",
  "freeShippingThreshold",
  "standardRate",
  "expressRate",
  "overnightRate",
  "taxRate",
  "returnDays",
] as const;
export type PagePlaceholder = (typeof PAGE_PLACEHOLDERS)[number];

export function placeholderValues(
  settings: Pick<ShopSettings, "store" | "shipping" | "returns">,
): Record<PagePlaceholder, PlaceholderValue> {
  const { store, shipping } = settings;
  const text = (value: string): PlaceholderValue => ({ kind: "text", text: value });
  return {
    storeName: text(store.name),
    contactEmail: { kind: "link", text: store.contactEmail, href: `mailto:${store.contactEmail}` },
    contactPhone: { kind: "link", text: store.contactPhone, href: telHref(store.contactPhone) },
    returnAddress: {
      kind: "lines",
      lines: store.returnAddress
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    },
    freeShippingThreshold: text(
      shipping.freeShippingOverCents === null ? "(no free shipping)" : shortPrice(shipping.freeShippingOverCents),
    ),
    standardRate: text(shortPrice(shipping.rates.standard)),
    expressRate: text(shortPrice(shipping.rates.express)),
    overnightRate: text(shortPrice(shipping.rates.overnight)),
    taxRate: text(`${shipping.taxPercent}%`),
    returnDays: text(String(settings.returns.windowDays)),
  };
}

const rendered = new WeakMap<ShopSettings, Map<ContentPageKey, ContentPageView>>();

/** One information page, rendered from the settings as they are now. */
export function contentPage(settings: ShopSettings, key: ContentPageKey): ContentPageView {
  let pages = rendered.get(settings);
  if (!pages) {
    pages = new Map();
    rendered.set(settings, pages);
  }
  const known = pages.get(key);
  if (known) return known;
  const title = CONTENT_PAGES.find((page) => page.key === key)!.title;
  const markdown = renderMarkdown(settings.pages.pages[key], {
    values: placeholderValues(settings),
    disclosures: key === "faq",
  });
  const view: ContentPageView = { title, shopName: settings.store.name, ...markdown };
  pages.set(key, view);
  return view;
}
