import { href } from "react-router";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { hintCookie } from "~/modules/accounts/viewer-hint";
import type { SessionUser } from "~/modules/accounts/session-user";
import type { FitProfile } from "~/modules/fit/fit-types";

/**
 * Who is looking at the page, in the browser (issue 15). A page rendered for a signed-in shopper says
 * so in its root data. A catalogue page may instead be the shared cached page, rendered for a guest: then
 * the page asks `/api/viewer` once, and until the answer the viewer is not known — the header shows
 * whatever the viewer hint painted (modules/accounts/viewer-hint.ts), and the cart is not reconciled.
 * Once known, the hint is kept in step (written, or removed for a guest).
 */
export type Viewer =
  | {
      known: true;
      user: SessionUser | null;
      /**
       * A signed-in shopper's kept measurements for 'Find my size' (issue 29), when the viewer answer said
       * (null: none kept); undefined when the page did not ask (its root data said who it is).
       */
      fitProfile?: FitProfile | null;
    }
  | { known: false };

const ViewerContext = createContext<Viewer>({ known: false });

export const useViewer = () => useContext(ViewerContext);

export const VIEWER_URL = href("/api/viewer");

export function ViewerProvider({
  root,
  children,
}: {
  root: { user: SessionUser | null } | undefined;
  children: ReactNode;
}) {
  // The document's own root data is the only one that may be the shared page's. Data loaded later (a
  // revalidation after an action or a sign-out) is rendered for this visitor, and says who they are.
  const [documentRoot] = useState(root);
  const rootUser = root?.user ?? null;
  const mustAsk = root === documentRoot && !rootUser;
  const [answer, setAnswer] = useState<{
    user: SessionUser | null;
    fitProfile?: FitProfile | null;
    failed: boolean;
  } | null>(null);

  useEffect(() => {
    if (!mustAsk) return;
    let live = true;
    fetch(VIEWER_URL, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { user?: SessionUser | null; fitProfile?: FitProfile };
        if (live) setAnswer({ user: body.user ?? null, fitProfile: body.fitProfile ?? null, failed: false });
      })
      .catch(() => {
        if (live) setAnswer({ user: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [mustAsk]);

  const viewer: Viewer = rootUser
    ? { known: true, user: rootUser }
    : !mustAsk
      ? { known: true, user: null }
      : answer
        ? answer.failed
          ? { known: true, user: answer.user }
          : { known: true, user: answer.user, fitProfile: answer.fitProfile }
        : { known: false };

  const user = viewer.known ? viewer.user : undefined;
  const unsure = mustAsk && answer?.failed === true;
  useEffect(() => {
    // A failed question leaves the hint as it was: the network, not the session, is what failed.
    if (user === undefined || unsure) return;
    document.cookie = hintCookie(user, window.location.protocol === "https:");
    const html = document.documentElement;
    if (user) html.setAttribute("data-viewer", user.role);
    else html.removeAttribute("data-viewer");
  }, [user, unsure]);

  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}
