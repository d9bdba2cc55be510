import type { SitePath } from "~/lib/redirects";
import { X } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";

/** A filter in force, and the page without it. */
export interface FilterChip {
  label: string;
  href: SitePath;
}

/** Filters in force as removable chips: each a link to the same page without it. */
export function FilterChips({ chips, className = "" }: { chips: readonly FilterChip[]; className?: string }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className={`flex flex-wrap gap-2 ${className}`}>
      {chips.map((chip) => (
        <li key={chip.label}>
          <SiteLink
            to={chip.href}
            preventScrollReset
            aria-label={`Remove filter ${chip.label}`}
            className="flex items-center gap-1.5 rounded-full bg-stone-100 py-1.5 pl-3 pr-2 text-xs font-medium text-ink hover:bg-stone-200"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
