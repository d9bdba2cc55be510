import type { PagesSettings } from "./settings-schema";

/**
 * Today's texts of the shop's information pages, as Markdown: the defaults the owner edits on the
 * Settings page.
 */
export const DEFAULT_PAGE_TEXTS: PagesSettings["pages"] = {
  contact: "Questions about an order, sizing or a return? Write to us at support@abundancecollection.example.",
  shipping: "Standard shipping is free on orders over $50.",
  returns: "Return any item within 30 days.",
  sizeGuide: "Find your size.",
  faq: "Frequently asked questions.",
  privacy: "How we handle your data.",
  terms: "The terms of the shop.",
};
