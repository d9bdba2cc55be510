import type { AdminAccess } from "~/modules/accounts/admin-access.server";

/**
 * Who may read customers' personal data: the shop's admin ACCOUNT only. A customer holding the shared
 * password opens the orders, not the customer list; a visitor or a plain customer gets nothing.
 * 'owner' = show it; 'pass' = a shared-password holder (sent away); 'none' = anyone else.
 */
export function customerDataAccess(access: AdminAccess): "owner" | "pass" | "none" {
  if (access.kind !== "admin") return "none";
  return access.viaPassword ? "pass" : "owner";
}
