import { SiteLink } from "~/components/ui/site-link";
import { useShop } from "~/components/use-root-data";
import { freeShippingWords, telHref } from "~/modules/content/shop-words";
import { FOOTER_SECTIONS } from "./nav-links";
import { ShopMark } from "./site-header";

export function SiteFooter() {
  const shop = useShop();
  const freeShipping = freeShippingWords(shop.shipping.freeShippingOverCents);
  return (
    <footer className="mt-24 border-t border-line bg-white">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="font-display text-xl font-semibold">
            <ShopMark name={shop.name} logoUrl={shop.logoUrl} />
          </p>
          <p className="mt-3 max-w-sm text-sm leading-6 text-muted">
            Considered essentials made to be worn often and kept for years.{" "}
            {freeShipping ? `${freeShipping} and ${shop.returnDays}-day returns.` : `${shop.returnDays}-day returns.`}
          </p>
          <address className="mt-4 space-y-1 text-sm not-italic text-muted" data-testid="footer-contact">
            <a href={`mailto:${shop.contactEmail}`} className="block hover:text-ink">
              {shop.contactEmail}
            </a>
            <a href={telHref(shop.contactPhone)} className="block hover:text-ink">
              {shop.contactPhone}
            </a>
          </address>
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
        © {new Date().getFullYear()} {shop.name}. All rights reserved.
      </p>
    </footer>
  );
}
