import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { buildVocabulary, type Vocabulary } from "./spelling";

/** The distinct words of active product and category names (numbers left out). */
export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select distinct w as word from (
          select regexp_split_to_table(lower(name), '[^a-z0-9''-]+') as w from products where is_active
          union all
          select regexp_split_to_table(lower(name), '[^a-z0-9''-]+') from categories where is_active
        ) words
        where w ~ '[a-z]'`,
  );
  return buildVocabulary(rows.map((r) => r.word));
}
