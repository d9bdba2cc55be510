import { ChevronDown, UserRound } from "~/components/ui/icons";
import { useCallback, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { useDismiss } from "~/components/ui/use-dismiss";
import { signOut } from "~/components/auth/sign-out";
import type { SessionUser } from "~/modules/accounts/session-user";

/** The signed-in visitor's menu: profile, orders, admin for admins, sign out. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const itemClass = "block w-full px-4 py-2 text-left text-sm hover:bg-stone-100";

  return (
    <div ref={ref} className="relative">
      <AccountButton name={user.name} expanded={open} onClick={() => setOpen((o) => !o)} />
      {open && (
        <div
          role="menu"
          className="absolute right-0 top-12 z-50 w-56 overflow-hidden rounded-xl border border-line bg-white py-1 shadow-xl"
        >
          <p className="truncate border-b border-line px-4 py-2 text-xs text-muted">{user.email}</p>
          <SiteLink role="menuitem" to="/profile" className={itemClass} onClick={close}>
            Profile
          </SiteLink>
          <SiteLink role="menuitem" to="/orders" className={itemClass} onClick={close}>
            My Orders
          </SiteLink>
          {user.role === "admin" && (
            <SiteLink role="menuitem" to="/admin" className={itemClass} onClick={close}>
              Admin Dashboard
            </SiteLink>
          )}
          <button
            role="menuitem"
            type="button"
            className={`${itemClass} border-t border-line text-red-700`}
            onClick={async () => {
              close();
              await signOut();
              await navigate("/");
              revalidator.revalidate();
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The account menu's button. Without `name` it is the stand-in painted from the viewer hint on a page
 * from the shared cache: the name comes from the hint's CSS variable, and the menu opens once the page
 * knows the viewer (a moment after it is interactive).
 */
export function AccountButton({
  name,
  expanded = false,
  onClick,
}: {
  name?: string;
  expanded?: boolean;
  onClick?: () => void;
}) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={expanded}
      aria-label="Account menu"
      onClick={onClick}
      className="flex items-center gap-1 rounded-full p-2 hover:bg-stone-100"
    >
      <UserRound className="size-5" aria-hidden />
      {name === undefined ? (
        <span className="viewer-name hidden max-w-32 truncate text-sm lg:inline" aria-hidden />
      ) : (
        <span className="hidden max-w-32 truncate text-sm lg:inline">{name}</span>
      )}
      <ChevronDown className="hidden size-4 lg:inline" aria-hidden />
    </button>
  );
}
