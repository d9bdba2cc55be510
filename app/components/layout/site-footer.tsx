import { SiteLink } from "~/components/ui/site-link";
import { FOOTER_SECTIONS } from "./nav-links";

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-line bg-white">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="font-display text-xl font-semibold">Abundance Collection</p>
          <p className="mt-3 max-w-sm text-sm leading-6 text-muted">
            Considered essentials made to be worn often and kept for years. Free shipping on orders over $50 and 30-day
            returns.
          </p>
        </div>
        {FOOTER_SECTIONS.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-ink">{section.title}</h2>
            <ul className="footer-links mt-4 space-y-3">
              {section.links.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to}>{link.label}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-line py-6 text-center text-xs text-muted">
        © {new Date().getFullYear()} Abundance Collection. All rights reserved.
      </p>
    </footer>
  );
}
