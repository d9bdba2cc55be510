/** The signed-in user as pages see it; the role comes from the database. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: "customer" | "admin";
}
