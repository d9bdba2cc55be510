import { toast } from "sonner";
import { useClientStore, wipeBrowserStorage } from "~/components/cart/client-store";
import { hintCookie } from "~/modules/accounts/viewer-hint";

/**
 * Sign-out of spec §4: ends the server session, clears the user and wipes local and session
 * storage — even when the server call fails — then the caller goes to "/".
 */
export async function signOut(): Promise<void> {
  let ok: boolean;
  try {
    const response = await fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      credentials: "same-origin",
    });
    ok = response.ok;
  } catch {
    ok = false;
  }
  useClientStore.getState().clearAllUserData();
  wipeBrowserStorage();
  // The next shared page paints a guest's header at once.
  document.cookie = hintCookie(null, window.location.protocol === "https:");
  document.documentElement.removeAttribute("data-viewer");
  if (ok) toast.success("Signed out successfully");
  else toast.warning("Signed out (with errors)");
}
