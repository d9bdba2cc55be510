import type { StaffRole } from "./staff-roles";

/** The signed-in user as pages see it; the role comes from the database. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "customer" | "admin";
  /** An admin's staff role (issue 32); null for a customer. */
  staffRole: StaffRole | null;
}
