import type { ReactNode } from "react";

/** The frame of the store's information pages (shipping, returns, size guide, legal…). */
export function ContentPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <article className="container-page max-w-3xl py-14">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{title}</h1>
      {intro && <p className="mt-4 text-lg leading-8 text-muted">{intro}</p>}
      <div className="mt-10 space-y-8 text-[15px] leading-7 text-stone-700 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink [&_li]:ml-5 [&_li]:list-disc [&_table]:w-full [&_td]:border-b [&_td]:border-line [&_td]:py-2 [&_th]:border-b [&_th]:border-ink [&_th]:py-2 [&_th]:text-left">
        {children}
      </div>
    </article>
  );
}

/** Page title in the form every page of the store uses. */
export function pageTitle(title: string): string {
  return `${title} | Abundance Collection`;
}
