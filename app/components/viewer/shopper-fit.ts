import { useEffect, useSyncExternalStore } from "react";
import { readFitProfile, type FitUnit } from "~/modules/fit/fit-profile";
import type { FitProfile } from "~/modules/fit/fit-types";
import { FIT_STORAGE_KEY } from "./fit-storage";
import { useViewer, VIEWER_URL } from "./viewer";

/**
 * The shopper's measurements for 'Find my size' (issue 29), in the browser, for whoever is looking:
 *
 * - A guest's stay in this browser: `localStorage` (FIT_STORAGE_KEY, fit-storage.ts), so the next product offers them
 *   again and shows 'Your size' at once. Nothing of them is ever sent to the server.
 * - A signed-in shopper's kept ones come with the viewer answer (`/api/viewer`); a page whose root data
 *   said who it is asks that endpoint once for them. A save or a removal in the dialog or on the profile
 *   page replaces them here, so every product shown afterwards follows.
 * - A signed-in shopper who chose not to keep them: in this page's memory only, until it is left.
 *
 * The unit the shopper typed in (cm/kg or in/lb) is remembered in the same storage key (never sent).
 */

export type FitSource = "account" | "page" | "browser";
export type ShopperFit =
  | { known: false }
  | {
      known: true;
      signedIn: boolean;
      profile: FitProfile | null;
      source: FitSource | null;
      unit: FitUnit;
    };

interface State {
  /** Per account: what is kept on its profile (null: nothing), once known. */
  accounts: Record<string, FitProfile | null>;
  /** Per account: measurements used on this page without keeping them. */
  pageOnly: Record<string, FitProfile | null>;
  /** The guest's, read from storage after hydration (undefined until then). */
  browser: FitProfile | null | undefined;
  unit: FitUnit;
}

let state: State = { accounts: {}, pageOnly: {}, browser: undefined, unit: "metric" };
const serverState = state;
const listeners = new Set<() => void>();
const asked = new Set<string>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface Stored {
  profile?: unknown;
  unit?: unknown;
}

function readStorage(): Stored {
  try {
    const raw = window.localStorage.getItem(FIT_STORAGE_KEY);
    return raw ? ((JSON.parse(raw) as Stored) ?? {}) : {};
  } catch {
    return {};
  }
}

function writeStorage(stored: { profile: FitProfile | null; unit: FitUnit }) {
  try {
    if (!stored.profile && stored.unit === "metric") window.localStorage.removeItem(FIT_STORAGE_KEY);
    else window.localStorage.setItem(FIT_STORAGE_KEY, JSON.stringify(stored.profile ? stored : { unit: stored.unit }));
  } catch {
    // Storage full or switched off: the measurements stay in this page's memory.
  }
}

function loadStorage() {
  if (state.browser !== undefined) return;
  const stored = readStorage();
  set({ browser: readFitProfile(stored.profile), unit: stored.unit === "imperial" ? "imperial" : "metric" });
}

// Loaded in the browser after hydration (the product page loads it on demand): read at once, so the first
// render of whatever imports it knows.
if (typeof window !== "undefined") loadStorage();

/** What the dialog and the profile page change. */
export const shopperFit = {
  /** A signed-in shopper's kept measurements, as the server now has them. */
  setAccount(userId: string, profile: FitProfile | null) {
    set({ accounts: { ...state.accounts, [userId]: profile }, pageOnly: { ...state.pageOnly, [userId]: null } });
  },
  /** A signed-in shopper's measurements for this page only. */
  setPageOnly(userId: string, profile: FitProfile | null) {
    set({ pageOnly: { ...state.pageOnly, [userId]: profile } });
  },
  /** A guest's measurements, in this browser (null forgets them). */
  setBrowser(profile: FitProfile | null) {
    set({ browser: profile });
    writeStorage({ profile, unit: state.unit });
  },
  setUnit(unit: FitUnit) {
    set({ unit });
    writeStorage({ profile: state.browser ?? null, unit });
  },
  /** The guest's measurements kept in this browser, whoever is signed in now (the dialog offers them). */
  browserProfile: () => state.browser ?? null,
};

/** Asks the viewer endpoint for an account's kept measurements, once per page. */
function askViewer(userId: string) {
  if (asked.has(userId)) return;
  asked.add(userId);
  fetch(VIEWER_URL, { credentials: "same-origin", headers: { accept: "application/json" } })
    .then(async (res) => {
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { user?: { id: string } | null; fitProfile?: unknown };
      if (body.user?.id !== userId) return;
      if (!(userId in state.accounts)) shopperFit.setAccount(userId, readFitProfile(body.fitProfile ?? null));
    })
    .catch(() => {
      // Without an answer the page shows no 'Your size'; the dialog still works.
      if (!(userId in state.accounts)) shopperFit.setAccount(userId, null);
    });
}

export function useShopperFit(): ShopperFit {
  const viewer = useViewer();
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
  const user = viewer.known ? viewer.user : undefined;
  const userId = user?.id;
  const fromViewer = viewer.known ? viewer.fitProfile : undefined;

  useEffect(() => {
    loadStorage();
  }, []);
  useEffect(() => {
    if (!userId || userId in state.accounts) return;
    if (fromViewer !== undefined) shopperFit.setAccount(userId, fromViewer);
    else askViewer(userId);
  }, [userId, fromViewer]);

  if (!viewer.known || current.browser === undefined) return { known: false };
  if (!user) {
    return {
      known: true,
      signedIn: false,
      profile: current.browser,
      source: current.browser ? "browser" : null,
      unit: current.unit,
    };
  }
  const kept = user.id in current.accounts ? current.accounts[user.id]! : fromViewer;
  if (kept === undefined) return { known: false };
  const pageOnly = current.pageOnly[user.id] ?? null;
  const profile = pageOnly ?? kept;
  return {
    known: true,
    signedIn: true,
    profile,
    source: pageOnly ? "page" : kept ? "account" : null,
    unit: current.unit,
  };
}
