import type { MetaDescriptor } from "react-router";

/** The demo shop's name: what a page says when the store's own (Settings → Store) is not at hand. */
export const SHOP_NAME = "Abundance Collection";

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The store's name as the owner set it, from the root loader's data (`shop.name`); else SHOP_NAME. */
export function shopNameFromMatches(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.data as { shop?: { name?: string } } | undefined;
  return root?.shop?.name || SHOP_NAME;
}

/** The shop's origin as the root loader publishes it (PUBLIC_URL), for canonical and sharing URLs. */
export function originFromMatches(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.data as { config?: { publicUrl?: string } } | undefined;
  return root?.config?.publicUrl ?? "";
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, origin || "http://localhost").toString();
  } catch {
    return pathOrUrl;
  }
}

/** Title, description, canonical link and Open Graph / Twitter tags for a page. */
export function pageMeta(options: {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string;
  type?: "website" | "product";
  /** The store's name (`shopNameFromMatches`); SHOP_NAME when not given. */
  siteName?: string;
}): MetaDescriptor[] {
  const url = absoluteUrl(options.origin, options.path);
  const description = options.description.replace(/\s+/g, " ").trim().slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: options.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: options.siteName ?? SHOP_NAME },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: options.image ? "summary_large_image" : "summary" },
  ];
  if (options.image) {
    const image = absoluteUrl(options.origin, options.image);
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return tags;
}

/** JSON-LD `Organization`: the store as search engines name it, with its logo and contact when set. */
export function organizationJsonLd(store: {
  name: string;
  origin: string;
  logoUrl?: string | null;
  contactEmail?: string;
  contactPhone?: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: store.name,
    url: absoluteUrl(store.origin, "/"),
    ...(store.logoUrl ? { logo: absoluteUrl(store.origin, store.logoUrl) } : {}),
    ...(store.contactEmail || store.contactPhone
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer service",
            ...(store.contactEmail ? { email: store.contactEmail } : {}),
            ...(store.contactPhone ? { telephone: store.contactPhone } : {}),
          },
        }
      : {}),
  };
}
