/**
 * Staff roles and what each may do in the back office (issue 32): one table, read by the server's check
 * (back-office.server.ts) on every back-office loader and action, and by the back office's shell to hide
 * what a role cannot use. Pure: shared by the server and the browser.
 */

import { STAFF_ROLES, isStaffRole, type StaffRole } from "~/modules/accounts/staff-roles";

export { STAFF_ROLES, isStaffRole, type StaffRole };

/** The roles the shared /secure-admin password may be given (SHARED_PASSWORD_ROLE): never owner. */
export const SHARED_PASSWORD_ROLES = ["manager", "fulfilment", "catalogue"] as const satisfies readonly StaffRole[];
export type SharedPasswordRole = (typeof SHARED_PASSWORD_ROLES)[number];

/**
 * What a back-office page or action needs. Each names an area, not a button: an area a role has, it has
 * whole (reading and writing), and the server refuses the rest.
 */
export const PERMISSIONS = [
  /** The back office's home: every role; what it shows follows the other permissions. */
  "home",
  /** Orders: the list, an order's page and moves, packing slips, pick lists, notes, exports. */
  "orders",
  /** Returns and exchanges. */
  "returns",
  /** Order notifications sent by hand (WhatsApp, e-mail) and their log. */
  "notifications",
  /** Test orders (the spec's test-order tool). */
  "testOrders",
  /** Draft orders: orders made by staff for a customer, at catalogue or adjusted prices. */
  "draftOrders",
  /** Customers' personal data: the customer list, a customer's page, its export. */
  "customers",
  /** Products, variants, stock, groups, photos, CSV, back-in-stock demand. */
  "products",
  /** Size charts. */
  "sizeCharts",
  /** Discounts, codes and scheduled sales. */
  "discounts",
  /** Review moderation. */
  "reviews",
  /** Revenue: analytics and the sales figures. */
  "analytics",
  /** The audit trail. */
  "audit",
  /** The shop's settings. */
  "settings",
  /** Staff: invitations, roles, removal. */
  "staff",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * The table. Owner: everything. Manager: everything but staff and settings. Fulfilment: orders, returns,
 * notifications (no prices, products, discounts or revenue). Catalogue: products, groups, photos, size
 * charts, discounts (no orders, no customers' personal data).
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: ALL,
  manager: ALL.filter((p) => p !== "staff" && p !== "settings"),
  fulfilment: ["home", "orders", "returns", "notifications", "testOrders"],
  catalogue: ["home", "products", "sizeCharts", "discounts", "reviews"],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: "Owner",
  manager: "Manager",
  fulfilment: "Fulfilment",
  catalogue: "Catalogue",
};

export const ROLE_SUMMARIES: Readonly<Record<StaffRole, string>> = {
  owner: "Everything, and manages staff and settings.",
  manager: "Everything but staff and settings.",
  fulfilment: "Orders, returns and notifications. No prices, products, discounts or revenue.",
  catalogue: "Products, groups, photos, size charts, discounts and reviews. No orders or customers.",
};

/** Words for an area in a refusal: 'Your role (Fulfilment) does not include products.' */
const AREA_WORDS: Readonly<Record<Permission, string>> = {
  home: "the back office",
  orders: "orders",
  returns: "returns",
  notifications: "notifications",
  testOrders: "test orders",
  draftOrders: "draft orders",
  customers: "customers",
  products: "products",
  sizeCharts: "size charts",
  discounts: "discounts",
  reviews: "reviews",
  analytics: "analytics",
  audit: "the audit log",
  settings: "settings",
  staff: "staff",
};

export function refusalFor(role: StaffRole, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role]}) does not include ${AREA_WORDS[permission]}.`;
}
