import { createContext, useContext, type ReactNode } from "react";
import { preload } from "react-dom";

/**
 * Markup shared between viewers (issue 33, decision 0043). A part of a page that is a pure function of
 * shared data — the shop's product grid for a query — is rendered once and its HTML reused by every
 * render that shows the same data, signed in or not, while the rest of the page (header, personal
 * parts) is rendered for each request.
 *
 * `owner` is the shared object the markup is made from: the catalogue read cache's entry, which is the
 * same object for every request until the catalogue changes or the entry expires. The markup lives as
 * long as that object (a WeakMap on the server), so it follows the read cache's rules exactly and needs
 * no invalidation of its own. `variant` names whatever else the children depend on (the view, …).
 * The children must depend on nothing else: nothing personal, no viewer, no request.
 *
 * In the browser the region is the children, hydrated against the same HTML.
 */
export interface SharedMarkupStore {
  /** The markup kept for this owner and variant, if any. */
  find(owner: object, variant: string): string | undefined;
  /** Asks for this region's markup to be kept once the document is rendered. */
  keep(owner: object, variant: string, id: string): void;
}

export const SharedMarkupContext = createContext<SharedMarkupStore | null>(null);

/** The attribute that marks a shared region in the document, for the store to find its markup. */
export const SHARED_REGION_ATTRIBUTE = "data-shared";

/** An image the region loads with high priority: React hoists a preload of it into the document's head. */
export interface PriorityImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export function SharedMarkup({
  id,
  owner,
  variant,
  priorityImages = [],
  enabled = true,
  className,
  children,
}: {
  /** Unique in the document: where the store finds the region's markup. */
  id: string;
  owner: object;
  variant: string;
  /**
   * The children's `fetchPriority="high"` images, whose preloads React puts in the head when it renders
   * them: reused markup is not rendered, so they are asked for here, in the same order.
   */
  priorityImages?: PriorityImage[];
  /** False renders the children every time (a variant whose head hints cannot be repeated exactly). */
  enabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const context = useContext(SharedMarkupContext);
  const store = enabled ? context : null;
  const attributes = { className, [SHARED_REGION_ATTRIBUTE]: id };
  const html = store?.find(owner, variant);
  if (html !== undefined) {
    for (const image of priorityImages)
      preload(image.src, { as: "image", fetchPriority: "high", imageSrcSet: image.srcSet, imageSizes: image.sizes });
    return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  store?.keep(owner, variant, id);
  return <div {...attributes}>{children}</div>;
}
