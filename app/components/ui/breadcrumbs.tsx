import { ChevronRight } from "~/components/ui/icons";
import { Fragment } from "react";
import type { SitePath } from "~/lib/redirects";
import { SiteLink } from "~/components/ui/site-link";

export interface Crumb {
  label: string;
  /** Leave out for the current page (the last crumb). */
  to?: SitePath;
}

/** "Home › Shop › Men": links up the hierarchy; the current page is marked aria-current. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-[0.16em] text-muted">
        {items.map((item, i) => (
          <Fragment key={`${item.label}-${i}`}>
            {i > 0 && (
              <li aria-hidden>
                <ChevronRight className="size-3" />
              </li>
            )}
            <li>
              {item.to ? (
                <SiteLink to={item.to} className="hover:text-ink">
                  {item.label}
                </SiteLink>
              ) : (
                <span aria-current="page" className="text-ink">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
