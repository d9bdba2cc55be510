import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered on the server (undefined in the browser). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
