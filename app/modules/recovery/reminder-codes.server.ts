import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { generateCode } from "~/modules/promotions/discount-codes";
import { RESTORE_LINK_DAYS } from "./recovery-rules";

/**
 * The second reminder's single-use code (issue 31), made through the promotions engine: a code discount
 * of its own (its title names the checkout's e-mail, so the owner's Discounts list shows whom it was for),
 * limited to one use overall, one per customer and one for its code, ending with the restore link. The
 * engine has no per-e-mail restriction: a code is one of ~10^12 (crypto-random) and works once.
 * A checkout keeps the code it was given: a retried send names the same code.
 */
export async function createReminderCode(
  db: Db,
  checkoutId: string,
  email: string,
  percentOff: number,
  now: Date,
): Promise<string> {
  const [kept] = await queryRows<{ code: string }>(
    db,
    sql`select dc.code from abandoned_checkouts c join discount_codes dc on dc.id = c.discount_code_id
         where c.id = ${checkoutId}`,
  );
  if (kept) return kept.code;
  const ends = new Date(now.getTime() + RESTORE_LINK_DAYS * 24 * 60 * 60_000).toISOString();
  for (let attempt = 0; ; attempt++) {
    const code = generateCode("BACK");
    try {
      const [row] = await queryRows<{ code: string }>(
        db,
        sql`
          with discount as (
            insert into discounts (title, method, value_type, value, applies_to, starts_at, ends_at,
                                   usage_limit, per_customer_limit, code_usage_limit)
            values (${`Cart reminder ${percentOff}% for ${email}`.slice(0, 200)}, 'code', 'percentage', ${percentOff},
                    'order', ${now.toISOString()}::timestamptz, ${ends}::timestamptz, 1, 1, 1)
            returning id
          ), code as (
            insert into discount_codes (discount_id, code) select id, ${code} from discount returning id, code
          ), linked as (
            update abandoned_checkouts set discount_code_id = (select id from code) where id = ${checkoutId}
          )
          select code from code`,
      );
      return row!.code;
    } catch (error) {
      // A code the shop already has (the unique index): another draw, a few times at most.
      if (attempt >= 4) throw error;
    }
  }
}
