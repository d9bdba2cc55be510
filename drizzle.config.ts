import { defineConfig } from "drizzle-kit";

// Generates versioned SQL migrations from db/schema. Migrations are applied in code at start
// (see app/lib/db/migrate.server.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
