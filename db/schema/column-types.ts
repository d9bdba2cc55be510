import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type (search columns generated from a row's text). */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});
