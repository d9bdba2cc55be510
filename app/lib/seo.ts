import type { MetaDescriptor } from "react-router";

export const SHOP_NAME = "Abundance Collection";

/** The shop's origin as the root loader publishes it (PUBLIC_URL), for canonical and sharing URLs. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
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
}): MetaDescriptor[] {
  const url = absoluteUrl(options.origin, options.path);
  const description = options.description.replace(/\s+/g, " ").trim().slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: options.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP_NAME },
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
