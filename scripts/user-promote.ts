/**
 * `npm run user:promote -- someone@example.com`: makes an existing account an admin.
 * On the embedded database, stop the server first (one process at a time may open DATA_DIR).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { user } from "#db/schema/index";
import { loadConfig } from "~/lib/config/config.server";
import { openDatabase } from "~/lib/db/client.server";

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error("Usage: npm run user:promote -- <email>");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const updated = await database.db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(user.email, email.data))
    .returning({ id: user.id });
  if (updated.length === 0) {
    console.error(`No account with the e-mail ${email.data}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email.data} is now an admin.`);
  }
} finally {
  await database.close();
}
