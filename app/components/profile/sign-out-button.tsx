import { LogOut } from "~/components/ui/icons";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { signOut } from "~/components/auth/sign-out";
import { secondaryButton } from "~/components/ui/field";

/** Sign Out of the profile page (spec §4): session ended, storage wiped, then home. */
export function SignOutButton() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`${secondaryButton} text-red-700 hover:border-red-700`}
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await signOut();
          await navigate("/");
          await revalidator.revalidate();
        } finally {
          setBusy(false);
        }
      }}
    >
      <LogOut className="size-4" aria-hidden />
      {busy ? "Signing out..." : "Sign Out"}
    </button>
  );
}
