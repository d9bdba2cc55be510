import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { removeItem, type CartItem } from "~/modules/cart/cart-rules";
import type { DiscountContext } from "~/modules/promotions/cart-discounts";

/** What the browser keeps between visits: the cart and the signed-in user's display data only. */
export const CLIENT_STORE_KEY = "apparel-store";

export interface StoredUser {
  id: string;
  email: string;
  fullName: string;
  role: "customer" | "admin";
}

interface ClientState {
  cart: CartItem[];
  user: StoredUser | null;
  cartOpen: boolean;
  menuOpen: boolean;
  /** True once the cart has been read for this page's session (merged, refreshed or guest). */
  cartReady: boolean;
  /** The discount code the shopper applied (kept between visits; the server checks it every time). */
  discountCode: string | null;
  /** The rules the cart is priced with (`/api/cart/price`): the live offers, the code's discount; null until read. */
  discounts: DiscountContext | null;
  setDiscountCode: (code: string | null) => void;
  setDiscounts: (discounts: DiscountContext | null) => void;
  removeFromCart: (line: Pick<CartItem, "id" | "size" | "color">) => void;
  clearCart: () => void;
  /** Replaces the cart with the server's (signed-in shoppers). */
  setCart: (cart: CartItem[]) => void;
  setCartReady: (ready: boolean) => void;
  setUser: (user: StoredUser | null) => void;
  setCartOpen: (open: boolean) => void;
  setMenuOpen: (open: boolean) => void;
  /** Spec §4: user none, cart empty, menu and cart drawer closed. */
  clearAllUserData: () => void;
}

export const useClientStore = create<ClientState>()(
  persist(
    (set) => ({
      cart: [],
      user: null,
      cartOpen: false,
      menuOpen: false,
      cartReady: false,
      discountCode: null,
      discounts: null,
      setDiscountCode: (discountCode) => set({ discountCode }),
      setDiscounts: (discounts) => set({ discounts }),
      removeFromCart: (line) => set((s) => ({ cart: removeItem(s.cart, line) })),
      clearCart: () => set({ cart: [] }),
      setCart: (cart) => set({ cart }),
      setCartReady: (cartReady) => set({ cartReady }),
      setUser: (user) => set({ user }),
      setCartOpen: (cartOpen) => set({ cartOpen }),
      setMenuOpen: (menuOpen) => set({ menuOpen }),
      clearAllUserData: () =>
        set({ user: null, cart: [], menuOpen: false, cartOpen: false, discountCode: null, discounts: null }),
    }),
    {
      name: CLIENT_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ cart: s.cart, user: s.user, discountCode: s.discountCode }),
      // Read after hydration, so the server-rendered HTML and the first client render agree.
      skipHydration: true,
    },
  ),
);

/** Wipes everything this site keeps in the browser (sign-out, Reset App State). */
export function wipeBrowserStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy mode); there is nothing to wipe then.
  }
}
