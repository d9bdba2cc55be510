import { Menu, ShoppingBag, X } from "~/components/ui/icons";
import { useLocation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { useClientStore } from "~/components/cart/client-store";
import { withRedirect, type SitePath } from "~/lib/redirects";
import type { SessionUser } from "~/modules/accounts/session-user";
import { itemCount } from "~/modules/cart/cart-rules";
import { useShop } from "~/components/use-root-data";
import { useViewer } from "~/components/viewer/viewer";
import { AccountButton, AccountMenu } from "./account-menu";
import { HEADER_NAV } from "./nav-links";
import { SearchPopover } from "./search-popover";

/**
 * The header. Its personal part follows the viewer (components/viewer/viewer.tsx): the account menu or
 * Sign In / Sign Up, and search (for signed-in shoppers, or everyone with GUEST_SEARCH). While the viewer
 * is not known yet — a page from the shared cache, before `/api/viewer` answers — both are rendered and
 * CSS shows the one the viewer hint says (`html[data-viewer]`), so the first paint is already right.
 */
export function SiteHeader({ guestSearch }: { guestSearch: boolean }) {
  const viewer = useViewer();
  const shop = useShop();
  const user = viewer.known ? viewer.user : null;
  const location = useLocation();
  const menuOpen = useClientStore((s) => s.menuOpen);
  const setMenuOpen = useClientStore((s) => s.setMenuOpen);
  const signInLink = withRedirect("/login", location);
  const signUpLink = withRedirect("/register", location);
  // The page's own section, marked as `<NavLink end>` would: the same path, ignoring case and a final slash.
  const shownPath = location.pathname.replace(/(.)\/+$/, "$1").toLowerCase();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      {shop.announcement && (
        <p data-testid="announcement" className="bg-ink px-4 py-2 text-center text-xs tracking-wide text-stone-100">
          {shop.announcement}
        </p>
      )}
      <div className="container-page flex h-16 items-center gap-4">
        <button
          type="button"
          className="rounded-full p-2 hover:bg-stone-100 md:hidden"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </button>
        <SiteLink to="/" className="font-display text-xl font-semibold tracking-tight text-ink sm:text-2xl">
          <ShopMark name={shop.name} logoUrl={shop.logoUrl} />
        </SiteLink>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-6 md:flex">
          {HEADER_NAV.map((link) => {
            const current = link.to === shownPath;
            return (
              <SiteLink
                key={link.to}
                to={link.to}
                aria-current={current ? "page" : undefined}
                className={`text-sm font-medium tracking-wide transition-colors hover:text-brand ${current ? "text-brand" : "text-ink"}`}
              >
                {link.label}
              </SiteLink>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {guestSearch || user ? (
            <SearchPopover />
          ) : (
            !viewer.known && (
              <div className="viewer-member">
                <SearchPopover />
              </div>
            )
          )}
          {user ? (
            <AccountMenu user={user} />
          ) : viewer.known ? (
            <GuestLinks signInLink={signInLink} signUpLink={signUpLink} />
          ) : (
            <>
              <div className="viewer-member">
                <AccountButton />
              </div>
              <div className="viewer-guest">
                <GuestLinks signInLink={signInLink} signUpLink={signUpLink} />
              </div>
            </>
          )}
          <CartButton />
        </div>
      </div>
      {menuOpen && (
        <MobileMenu user={user} signInLink={signInLink} signUpLink={signUpLink} close={() => setMenuOpen(false)} />
      )}
    </header>
  );
}

/** The store's logo with its name as the alt text, or the name itself when there is no logo (Settings → Store). */
export function ShopMark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  if (!logoUrl) return <>{name}</>;
  return <img src={logoUrl} alt={name} height={40} className="h-8 w-auto max-w-48 object-contain sm:h-10" />;
}

function GuestLinks({ signInLink, signUpLink }: { signInLink: SitePath; signUpLink: SitePath }) {
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <SiteLink to={signInLink} className="rounded-full px-3 py-2 text-sm font-medium hover:bg-stone-100">
        Sign In
      </SiteLink>
      <SiteLink to={signUpLink} className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-black">
        Sign Up
      </SiteLink>
    </div>
  );
}

function CartButton() {
  const count = useClientStore((s) => itemCount(s.cart));
  const setCartOpen = useClientStore((s) => s.setCartOpen);
  return (
    <button
      type="button"
      onClick={() => setCartOpen(true)}
      aria-label={`Open cart, ${count} ${count === 1 ? "item" : "items"}`}
      className="relative rounded-full p-2 hover:bg-stone-100"
    >
      <ShoppingBag className="size-5" aria-hidden />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-semibold leading-5 text-white"
        >
          {count}
        </span>
      )}
    </button>
  );
}

function MobileMenu(props: {
  user: SessionUser | null;
  signInLink: SitePath;
  signUpLink: SitePath;
  close: () => void;
}) {
  const linkClass = "block rounded-lg px-3 py-3 text-base font-medium hover:bg-stone-100";
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-line bg-white px-4 pb-4 md:hidden">
      {HEADER_NAV.map((link) => (
        <SiteLink key={link.to} to={link.to} className={linkClass} onClick={props.close}>
          {link.label}
        </SiteLink>
      ))}
      <div className="mt-2 border-t border-line pt-2">
        {props.user ? (
          <>
            <SiteLink to="/profile" className={linkClass} onClick={props.close}>
              Profile
            </SiteLink>
            <SiteLink to="/orders" className={linkClass} onClick={props.close}>
              My Orders
            </SiteLink>
          </>
        ) : (
          <>
            <SiteLink to={props.signInLink} className={linkClass} onClick={props.close}>
              Sign In
            </SiteLink>
            <SiteLink to={props.signUpLink} className={linkClass} onClick={props.close}>
              Sign Up
            </SiteLink>
          </>
        )}
      </div>
    </nav>
  );
}
