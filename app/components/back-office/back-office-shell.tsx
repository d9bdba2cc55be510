import { ExternalLink, Menu } from "lucide-react";
import { useState, type ComponentType, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { SidePanel } from "~/components/ui/side-panel";
import { useShop } from "~/components/use-root-data";

export interface BackOfficeLink {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  /** Marked current only on its own path (Home), not below it. */
  end?: boolean;
  /** What waits there, shown beside the label ('3'; `label` for screen readers: '3 requested'). */
  badge?: { text: string; label: string };
}

interface BackOfficeShellProps {
  /** The sections, in the sidebar on a desktop and behind 'Menu' on a phone. */
  links: readonly BackOfficeLink[];
  /** Where the shop's name leads: the face's home. */
  home: string;
  /** Who is signed in, as a line under the sections ('Signed in as Ada Admin'). */
  who: string;
  /** Controls under who is signed in (the console's Logout). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The back office's own frame (issue 26): the storefront's header and footer give way to a sidebar on a
 * desktop and a menu on a phone — the shop's name, the sections, who is signed in, 'View store'. The page
 * is in a column that may shrink below its content's width (`min-w-0`), so a wide table scrolls inside
 * its own box instead of widening the document.
 */
export function BackOfficeShell({ links, home, who, footer, children }: BackOfficeShellProps) {
  const shop = useShop();
  const [menuOpen, setMenuOpen] = useState(false);

  const brand = (
    <Link to={home} className="flex min-w-0 items-center gap-2 font-display text-lg font-semibold">
      {shop.logoUrl ? (
        <img src={shop.logoUrl} alt={shop.name} className="h-8 w-auto max-w-40 object-contain" />
      ) : (
        <span className="truncate">{shop.name}</span>
      )}
    </Link>
  );

  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <header className="sticky top-0 z-30 flex h-14 print:hidden items-center justify-between gap-3 border-b border-line bg-white px-4 lg:hidden">
        {brand}
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="inline-flex items-center gap-2 rounded-full border border-line px-3 py-1.5 text-sm font-medium"
        >
          <Menu className="size-4" aria-hidden />
          Menu
        </button>
      </header>

      <aside className="sticky top-0 hidden h-screen print:hidden w-60 shrink-0 flex-col border-r border-line bg-white px-4 py-6 lg:flex">
        <div className="px-2">{brand}</div>
        <SectionLinks links={links} label="Back office" className="mt-8" />
        <WhoAndStore who={who} footer={footer} />
      </aside>

      <SidePanel open={menuOpen} title="Menu" onRequestClose={() => setMenuOpen(false)} width="max-w-xs">
        {/* A section chosen in the menu closes it. */}
        <SectionLinks links={links} label="Back office" onChoose={() => setMenuOpen(false)} />
        <WhoAndStore who={who} footer={footer} />
      </SidePanel>

      <div className="min-w-0 flex-1 bg-stone-50 print:bg-white">{children}</div>
    </div>
  );
}

function SectionLinks({
  links,
  label,
  className = "",
  onChoose,
}: {
  links: readonly BackOfficeLink[];
  label: string;
  className?: string;
  onChoose?: () => void;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              prefetch="intent"
              onClick={onChoose}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100 hover:text-ink"
                }`
              }
            >
              <link.icon className="size-4" aria-hidden />
              {link.label}
              {link.badge && (
                <span className="ml-auto rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
                  <span aria-hidden>{link.badge.text}</span>
                  <span className="sr-only">{` (${link.badge.label})`}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function WhoAndStore({ who, footer }: { who: string; footer?: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col gap-3 border-t border-line px-2 pt-4 text-sm lg:mt-auto">
      <p className="text-muted">{who}</p>
      {footer}
      <a href="/" className="inline-flex items-center gap-2 font-medium text-ink hover:underline">
        <ExternalLink className="size-4" aria-hidden />
        View store
      </a>
    </div>
  );
}
