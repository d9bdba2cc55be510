import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { isInAppClick } from "~/components/ui/site-link";
import { SHOP_NAME } from "~/lib/seo";

/** The look of the pages' text: sections, headings, lists, tables and links. */
const BODY =
  "mt-10 space-y-8 text-[15px] leading-7 text-stone-700 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-ink [&_section>*+*]:mt-3 [&_li]:ml-5 [&_li]:list-disc [&_ol>li]:list-decimal [&_table]:w-full [&_td]:border-b [&_td]:border-line [&_td]:py-2 [&_td]:pr-3 [&_th]:border-b [&_th]:border-ink [&_th]:py-2 [&_th]:pr-3 [&_th]:text-left [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-dark [&_details+details]:mt-0 [&_details_p+p]:mt-3";

/** The frame of the store's information pages (shipping, returns, size guide, legal…). */
export function ContentPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="container-page max-w-3xl py-14">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{title}</h1>
      {intro && <p className="mt-4 text-lg leading-8 text-muted">{intro}</p>}
      <div className={BODY}>{children}</div>
    </article>
  );
}

/**
 * An information page from the owner's Markdown, rendered on the server (modules/content/markdown.server.ts:
 * no raw HTML, only safe links). A click on one of its links to a page of the shop stays in the app.
 */
export function MarkdownPage({ page }: { page: { title: string; intro: string | null; body: string } }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest?.("a");
    const href = link?.getAttribute("href");
    if (!link || !href || !/^\/(?!\/)/.test(href) || event.defaultPrevented) return;
    if (!isInAppClick(event, link.getAttribute("target") ?? undefined)) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <article className="container-page max-w-3xl py-14" onClick={onClick}>
      <h1 className="font-display text-4xl font-semibold tracking-tight">{page.title}</h1>
      {page.intro && (
        <p className="mt-4 text-lg leading-8 text-muted" dangerouslySetInnerHTML={{ __html: page.intro }} />
      )}
      <div className={BODY} dangerouslySetInnerHTML={{ __html: page.body }} />
    </article>
  );
}

/** Page title in the form every page of the store uses: "Size Guide | {the store's name}". */
export function pageTitle(title: string, shopName: string = SHOP_NAME): string {
  return `${title} | ${shopName}`;
}
