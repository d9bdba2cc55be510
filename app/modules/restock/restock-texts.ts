/**
 * What 'Notify me when it's back' tells the shopper (issue 31). No imports: the product page's bundle
 * carries it without any schema library.
 */
export const RESTOCK_MESSAGES = {
  recorded: "Thanks! We'll let you know as soon as it's back.",
  already: "You're already on the list for this one: we'll let you know as soon as it's back.",
  inStock: "This one is in stock: you can order it now.",
  notFound: "That size or colour was not found.",
  invalidPhone: "Enter a WhatsApp number with its country code, like +1 415 555 0100",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
} as const;
