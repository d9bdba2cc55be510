import { SHARED_REGION_ATTRIBUTE, type SharedMarkupStore } from "./shared-markup";

/**
 * The inner HTML of the element whose opening tag carries `data-shared="<id>"` in a document rendered by
 * React, or undefined when there is none. The region is a `<div>`: its end is the `</div>` that balances
 * it. React escapes `<` in text and attribute values, so every `<div` and `</div>` in the markup is a tag.
 */
export function sharedRegionMarkup(html: string, id: string): string | undefined {
  const marker = ` ${SHARED_REGION_ATTRIBUTE}="${id}"`;
  const at = html.indexOf(marker);
  if (at < 0) return undefined;
  // The marker must sit in a <div>'s opening tag: no `>` between the tag's start and the marker.
  const open = html.lastIndexOf("<div", at);
  if (open < 0 || html.indexOf(">", open) < at) return undefined;
  const start = html.indexOf(">", at) + 1;
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = start;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0] === "</div>" ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index);
  }
  return undefined;
}

/** The markup of shared regions, kept per owner object while it lives (decision 0043). */
export class SharedMarkupCache {
  private readonly byOwner = new WeakMap<object, Map<string, string>>();
  /** Regions served from kept markup, and those rendered (for the bench and the metrics). */
  hits = 0;
  misses = 0;

  /** A store for one render; `collect` keeps what it was asked to once the document is rendered. */
  forRender(): SharedMarkupStore & { collect(html: string): void } {
    const wanted: Array<{ owner: object; variant: string; id: string }> = [];
    return {
      find: (owner, variant) => {
        const html = this.byOwner.get(owner)?.get(variant);
        if (html !== undefined) this.hits++;
        return html;
      },
      keep: (owner, variant, id) => {
        this.misses++;
        wanted.push({ owner, variant, id });
      },
      collect: (html) => {
        for (const { owner, variant, id } of wanted) {
          const markup = sharedRegionMarkup(html, id);
          if (markup === undefined) continue;
          let variants = this.byOwner.get(owner);
          if (!variants) this.byOwner.set(owner, (variants = new Map()));
          variants.set(variant, markup);
        }
      },
    };
  }
}
