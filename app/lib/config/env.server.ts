import { z } from "zod";
import { parseBucketLocation } from "../backup/backup-location";
import { ORDER_LIMIT_DEFAULTS } from "./order-limits";

/**
 * Every environment variable the server reads, parsed once at start (decisions.md §2).
 * A bad value stops the server with a message that names the variable.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlText = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/.test(v), { message: `must be an http(s) URL (${what})` })
    .transform((v) => v.replace(/\/+$/, ""));

/** E.164 (`+14155238886`), with or without `whatsapp:`; kept as the bare number. */
const whatsappNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/^whatsapp:/i, ""))
  .refine((v) => v === "" || /^\+[1-9]\d{6,14}$/.test(v), {
    message: "must be an E.164 phone number such as +14155238886 (a whatsapp: prefix is allowed)",
  })
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: urlText("the shop's own origin").optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((v) => v === "" || /^postgres(ql)?:\/\//.test(v), {
        message: "must be a postgres:// URL (unset it to use the embedded database)",
      })
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    SECURE_ADMIN_PASSWORD: z.string().trim().min(8, "must be at least 8 characters").optional(),
    SEED_DEMO_CATALOG: booleanFlag.default(true),
    DEMO_PAYMENTS: booleanFlag.optional(),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_API_BASE: urlText("PayPal API").default("https://api-m.sandbox.paypal.com"),
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_WHATSAPP_FROM: whatsappNumber,
    ADMIN_WHATSAPP_TO: whatsappNumber,
    TWILIO_API_BASE: urlText("Twilio API").default("https://api.twilio.com"),
    SMTP_URL: z
      .string()
      .trim()
      .refine((v) => v === "" || /^smtps?:\/\//.test(v), { message: "must be an smtp:// or smtps:// URL" })
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default("Abundance Collection <shop@localhost>"),
    /** false = order events write no WhatsApp or e-mail messages and no worker runs. */
    NOTIFICATIONS: booleanFlag.default(true),
    /** How long one send may wait for Twilio or the SMTP server before it counts as failed (and is retried). */
    NOTIFICATION_SEND_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
    /**
     * While the machine's CPUs are saturated, background sends wait up to this many seconds for the rush
     * to pass (checkouts first); 0 = send at once whatever the load.
     */
    NOTIFICATION_YIELD_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    /** Days after an order is delivered that its review request goes out (0 = at delivery). */
    REVIEW_REQUEST_DELAY_DAYS: z.coerce.number().int().min(0).max(90).default(7),
    /** Back in stock (issue 31): shoppers told per unit of a sold-out size or colour that comes back. */
    RESTOCK_NOTIFY_FACTOR: z.coerce.number().int().min(1).max(100).default(3),
    /** Minutes the rest of a variant's subscribers wait for the next wave while it stays in stock. */
    RESTOCK_WAVE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    /** How often the back-in-stock round runs (seconds). */
    RESTOCK_ROUND_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Days after delivery an order can be returned, until the owner sets it under Settings → Returns. */
    RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    /** OAuth endpoints' base for a local fake provider in tests; unset = the real provider. */
    GOOGLE_OAUTH_BASE: urlText("Google OAuth").optional(),
    FACEBOOK_OAUTH_BASE: urlText("Facebook OAuth").optional(),
    GUEST_SEARCH: booleanFlag.default(false),
    /** Visitors may check out without an account (issue 31); the recovery endpoint then takes a guest's e-mail. */
    GUEST_CHECKOUT: booleanFlag.default(false),
    /** What the shared admin password may do in the back office (issue 32): a staff role, never owner. */
    SHARED_PASSWORD_ROLE: z
      .enum(["manager", "fulfilment", "catalogue"], { error: "must be manager, fulfilment or catalogue" })
      .default("manager"),
    /** Minutes after a shopper left checkout (no paid order) before the first reminder (issue 31). */
    ABANDONED_CHECKOUT_MINUTES: z.coerce
      .number({ error: "must be a number of minutes" })
      .min(0.05)
      .max(10_080)
      .default(60),
    /** How often the abandoned-checkout scan looks for reminders due (seconds). */
    ABANDONED_CHECKOUT_SCAN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** New accounts must confirm their e-mail address before signing in. */
    REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
    /** Seconds an anonymous catalogue page may be served from the full-page cache. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /** The embedded database's shared buffers in megabytes (its memory; unset = the default of db/client.server.ts). */
    PGLITE_SHARED_BUFFERS_MB: z.coerce
      .number({ error: "must be a whole number of megabytes" })
      .int()
      .min(1)
      .max(1024)
      .optional(),
    /** Megabytes the full-page cache may hold (bodies, their gzip and brotli copies, headers); oldest pages go first. */
    PAGE_CACHE_MB: z.coerce.number({ error: "must be a number of megabytes" }).min(1).max(4096).default(32),
    /** Megabytes each catalogue read cache may hold (loaded values, measured as JSON); oldest entries go first. */
    READ_CACHE_MB: z.coerce.number({ error: "must be a number of megabytes" }).min(1).max(4096).default(32),
    /**
     * Server processes, each with its own event loop, sharing the port (node:cluster): on PostgreSQL
     * the number of cores by default; the embedded database serves one process.
     */
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1)
      .max(64)
      .optional(),
    /** Page renders run at once; more wait in arrival order (keeps tail latency under load). */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
    /** Multiplies the per-IP limits of sign-in, sign-up and reset (shops behind a shared address, test suites). */
    RATE_LIMIT_IP_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
    /** Proxy hops to trust for the client IP (X-Forwarded-For); 0 = use the socket address. */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** The most of one product one order (and one cart) may hold; the quantity pickers stop there. */
    MAX_QTY_PER_PRODUCT: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1)
      .max(1000)
      .default(ORDER_LIMIT_DEFAULTS.maxQuantityPerProduct),
    /** Unpaid orders one account may have at a time; its next checkout is refused until one is paid or expires. */
    UNPAID_ORDERS_PER_ACCOUNT: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1)
      .max(100)
      .default(ORDER_LIMIT_DEFAULTS.unpaidOrdersPerAccount),
    /** Minutes an unpaid order holds its stock (without payment activity) before it is cancelled. */
    UNPAID_ORDER_HOLD_MINUTES: z.coerce
      .number({ error: "must be a whole number of minutes" })
      .int("must be a whole number of minutes")
      .min(1)
      .max(24 * 60)
      .default(ORDER_LIMIT_DEFAULTS.unpaidOrderHoldMinutes),
    /** Hours a draft order's payment link holds its stock before the order is cancelled (issue 32). */
    DRAFT_ORDER_LINK_HOURS: z.coerce
      .number({ error: "must be a whole number of hours" })
      .int("must be a whole number of hours")
      .min(1)
      .max(24 * 30)
      .default(72),
    /** The least severe log line written (JSON lines; pretty under `npm run dev`). */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Bearer token that opens /metrics on the shop's port; unset (and no METRICS_PORT), /metrics is 404. */
    METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
    /** A port of its own for /metrics, /readyz and /healthz, on METRICS_HOST (127.0.0.1 by default). */
    METRICS_PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    /** Unpaid orders placed from one client address at a time, all its accounts together. */
    UNPAID_ORDERS_PER_ADDRESS: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1)
      .max(10_000)
      .default(ORDER_LIMIT_DEFAULTS.unpaidOrdersPerAddress),
    /** The percent of a variant's stock one account or address may hold unpaid (at least one unit). */
    UNPAID_HOLD_SHARE_PERCENT: z.coerce
      .number({ error: "must be a whole number from 1 to 100" })
      .int("must be a whole number from 1 to 100")
      .min(1)
      .max(100)
      .default(ORDER_LIMIT_DEFAULTS.holdSharePercent),
    /** Minutes an unpaid hold that ran out still counts against its holder's share. */
    UNPAID_HOLD_COOLDOWN_MINUTES: z.coerce
      .number({ error: "must be a whole number of minutes" })
      .int("must be a whole number of minutes")
      .min(0)
      .max(7 * 24 * 60)
      .default(ORDER_LIMIT_DEFAULTS.holdCooldownMinutes),
    /** A variant with this many units or fewer is low on stock (the back office's low-stock view and figure). */
    LOW_STOCK_THRESHOLD: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(0)
      .max(100_000)
      .default(5),
    /**
     * Seconds between the scheduled sales' runs (starting and ending sales by the clock); the storefront
     * follows a sale's start or end within this long.
     */
    SCHEDULED_SALES_INTERVAL_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int("must be a whole number of seconds")
      .min(1)
      .max(3600)
      .default(20),
    /** Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2) instead of DATA_DIR/media. */
    S3_BUCKET: z
      .string()
      .trim()
      .refine((v) => v === "" || /^[A-Za-z0-9._-]{3,63}$/.test(v), {
        message: "must be a bucket's name (3–63 letters, digits, dots and hyphens), not an address",
      })
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
    /** The bucket's region; R2 takes `auto`. */
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    /** The S3 API's address for a service other than AWS (R2, MinIO, B2); unset = AWS for S3_REGION. */
    S3_ENDPOINT: urlText("the S3 API's address").optional(),
    /** Both or neither; unset = the AWS SDK's own lookup (AWS_ACCESS_KEY_ID, an instance role…). */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Path-style addresses (`<endpoint>/<bucket>/<key>`), which MinIO needs; AWS, R2 and B2 take either. */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** A folder in the bucket for the photos (`media/`), so the bucket can hold other things beside them. */
    S3_PREFIX: z
      .string()
      .trim()
      .transform((v) => v.replace(/^\/+|\/+$/g, ""))
      .refine((v) => v === "" || /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(v), {
        message: "must be a folder name such as media or shop/media (letters, digits, _ and -)",
      })
      .transform((v) => (v === "" ? "" : `${v}/`))
      .default(""),
    /**
     * Where the bucket's objects can be read by anyone (an R2 custom domain, a CDN, a public bucket's
     * address): /media answers with a redirect there instead of streaming the photo through the shop.
     */
    S3_PUBLIC_URL: urlText("the bucket's public address").optional(),
    /** Hours between scheduled backups of the embedded database; unset = no schedule (`npm run backup` still works). */
    BACKUP_EVERY_HOURS: z.coerce
      .number({ error: "must be a number of hours" })
      .positive()
      .max(24 * 366)
      .optional(),
    /** Scheduled backups kept: the newest this many; older ones are deleted. */
    BACKUP_KEEP: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1)
      .max(10_000)
      .default(7),
    /**
     * Where scheduled backups are written: a folder (unset = DATA_DIR/backups), or `s3://bucket/folder`
     * for an S3-compatible bucket reached with the S3_ variables' endpoint and keys.
     */
    BACKUP_DIR: optionalText.refine((v) => v === undefined || !v.startsWith("s3:") || parseBucketLocation(v), {
      message: "must be a folder or s3://bucket/folder",
    }),
  })
  .superRefine((env, ctx) => {
    if ((env.WEB_CONCURRENCY ?? 1) > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "above 1 needs DATABASE_URL: the embedded database serves one process",
      });
    }
    if (!env.S3_BUCKET) {
      for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const) {
        if (env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "needs S3_BUCKET (photos stay on disk without it)" });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
    if (env.BACKUP_DIR?.startsWith("s3:") && !env.S3_BUCKET) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_DIR"],
        message: "a bucket needs the S3_ variables (S3_BUCKET, S3_ENDPOINT, the keys) to reach it",
      });
    }
    if (env.BACKUP_EVERY_HOURS !== undefined && env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_EVERY_HOURS"],
        message:
          "schedules backups of the embedded database only: back up PostgreSQL with pg_dump (docs/operations.md, Backups)",
      });
    }
    if (env.NODE_ENV !== "production") return;
    for (const name of ["AUTH_SECRET", "SECURE_ADMIN_PASSWORD"] as const) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when NODE_ENV=production" });
    }
  });

export type RawEnv = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined>): RawEnv {
  // Treat empty strings as unset, the way shells and .env files usually mean them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
