import { ChevronDown, UserRound } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
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
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-full p-2 hover:bg-stone-100"
      >
        <UserRound className="size-5" aria-hidden />
        <span className="hidden max-w-32 truncate text-sm lg:inline">{user.name}</span>
        <ChevronDown className="hidden size-4 lg:inline" aria-hidden />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 top-12 z-50 w-56 overflow-hidden rounded-xl border border-line bg-white py-1 shadow-xl"
        >
          <p className="truncate border-b border-line px-4 py-2 text-xs text-muted">{user.email}</p>
          <Link role="menuitem" to="/profile" className={itemClass} onClick={close}>
            Profile
          </Link>
          <Link role="menuitem" to="/orders" className={itemClass} onClick={close}>
            My Orders
          </Link>
          {user.role === "admin" && (
            <Link role="menuitem" to="/admin" className={itemClass} onClick={close}>
              Admin Dashboard
            </Link>
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
