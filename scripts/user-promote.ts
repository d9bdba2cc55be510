/**
 * `npm run user:promote -- someone@example.com`: makes an existing account an admin.
 * On the embedded database, stop the server first: one process at a time may open DATA_DIR, so this
 * one claims it (its control socket) and is refused, with a message, while a server holds it.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { user } from "#db/schema/index";
import { claimDataDir } from "~/lib/backup/control-socket.server";
import { loadConfig } from "~/lib/config/config.server";
import { openDatabase } from "~/lib/db/client.server";

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error("Usage: npm run user:promote -- <email>");
  process.exit(2);
}

const config = loadConfig();
const claim = config.databaseUrl
  ? undefined
  : await claimDataDir(config.dataDir, "an account is being made an admin").catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
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
  await claim?.close();
}
