import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseBucketLocation, type BucketLocation } from "../backup/backup-location";
import { parseEnv, type RawEnv } from "./env.server";
import type { OrderLimits } from "./order-limits";

/** The resolved configuration the server runs with: env plus secrets generated into DATA_DIR. */
export interface AppConfig {
  nodeEnv: RawEnv["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  admin: { email: string; password: string; passwordGenerated: boolean };
  secureAdminPassword: string;
  secureAdminPasswordGenerated: boolean;
  seedDemoCatalog: boolean;
  demoPayments: boolean;
  paypal: { clientId: string; clientSecret: string; apiBase: string } | undefined;
  twilio:
    | { accountSid: string; authToken: string; whatsappFrom: string; adminTo: string | undefined; apiBase: string }
    | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Order messages on (NOTIFICATIONS), and how long one send may take. */
  /** RETURN_WINDOW_DAYS: the return window until the owner sets one (Settings → Returns). */
  returnWindowDays: number;
  notifications: { enabled: boolean; sendTimeoutMs: number; yieldMs: number; reviewRequestDelayDays: number };
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  guestSearch: boolean;
  /** GUEST_CHECKOUT: a visitor may check out without an account. */
  guestCheckout: boolean;
  /** SHARED_PASSWORD_ROLE: the staff role of the shared admin password (issue 32). */
  sharedPasswordRole: "manager" | "fulfilment" | "catalogue";
  /** Abandoned-checkout recovery (issue 31): minutes before the first reminder, and how often the scan runs. */
  recovery: { abandonedMinutes: number; scanIntervalMs: number };
  requireEmailVerification: boolean;
  pageCacheSeconds: number;
  /** The embedded database's shared buffers in MB (PGLITE_SHARED_BUFFERS_MB); unset = the database's default. */
  pgliteSharedBuffersMb: number | undefined;
  /** Byte bounds of the in-memory caches: the full-page cache, and each catalogue read cache. */
  cacheBytes: { pages: number; reads: number };
  renderConcurrency: number;
  /** Server processes sharing the port (WEB_CONCURRENCY): cores on PostgreSQL, 1 on the embedded database. */
  webConcurrency: number;
  rateLimitIpMultiplier: number;
  trustProxy: number;
  /** Per-product quantity cap, unpaid orders per account, and how long an unpaid order holds its stock. */
  orderLimits: OrderLimits;
  /** A variant with this many units or fewer is low on stock (LOW_STOCK_THRESHOLD). */
  lowStockThreshold: number;
  /** Hours a draft order's payment link holds its stock (DRAFT_ORDER_LINK_HOURS, issue 32). */
  draftOrderLinkHours: number;
  /** How often scheduled sales are started and ended by the clock (SCHEDULED_SALES_INTERVAL_SECONDS). */
  scheduledSalesIntervalMs: number;
  /** Back in stock (issue 31): RESTOCK_NOTIFY_FACTOR, RESTOCK_WAVE_MINUTES, RESTOCK_ROUND_SECONDS. */
  restock: { factor: number; waveMs: number; roundMs: number };
  /** LOG_LEVEL. */
  logLevel: RawEnv["LOG_LEVEL"];
  /** Who may read /metrics: a bearer token on the shop's port, and/or a port of its own (docs/operations.md). */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /**
   * Scheduled backups of the embedded database: every `everyMs` (unset: none), the newest `keep`, into
   * `dir`, or into `bucket` (BACKUP_DIR=s3://bucket/folder, reached with the S3_ variables) when set.
   */
  backups: { everyMs: number | undefined; keep: number; dir: string; bucket: BucketLocation | undefined };
  /** The bucket photos are kept in (S3_BUCKET and the other S3_ variables); unset = DATA_DIR/media. */
  s3: S3Settings | undefined;
}

/** An S3-compatible bucket: AWS S3, Cloudflare R2, MinIO, Backblaze B2. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** The API's address for a service other than AWS; unset = AWS's for the region. */
  endpoint: string | undefined;
  /** Unset = the AWS SDK's own lookup (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Put before every key: '' or a folder ending in '/'. */
  prefix: string;
  /** Where anyone can read the objects (no trailing slash): /media redirects there when set. */
  publicUrl: string | undefined;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** Set only to point the provider's endpoints at a local fake (tests). */
  baseUrl: string | undefined;
}

interface GeneratedSecrets {
  authSecret: string;
  adminPassword: string;
  secureAdminPassword: string;
}

const SECRETS_FILE = "secrets.json";

/** Secrets for development, generated once and kept in DATA_DIR so restarts keep the same passwords. */
function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, SECRETS_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<GeneratedSecrets>;
    if (stored.authSecret && stored.adminPassword && stored.secureAdminPassword) return stored as GeneratedSecrets;
  }
  const secrets: GeneratedSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    adminPassword: readablePassword(),
    secureAdminPassword: readablePassword(),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** A password that satisfies the sign-up rules (upper, lower, digit) and is easy to type. */
function readablePassword(): string {
  const body = randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
  return `Ac${body}9`;
}

function oauthClient(id: string | undefined, secret: string | undefined, baseUrl: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret, baseUrl } : undefined;
}

const megabytes = (mb: number) => Math.round(mb * 1024 * 1024);

export function resolveConfig(env: RawEnv): AppConfig {
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  const needsGenerated = !env.AUTH_SECRET || !env.ADMIN_PASSWORD || !env.SECURE_ADMIN_PASSWORD;
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  const pick = (value: string | undefined, key: keyof GeneratedSecrets) => value ?? generated![key];
  const backupBucket = env.BACKUP_DIR ? (parseBucketLocation(env.BACKUP_DIR) ?? undefined) : undefined;

  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    authSecret: pick(env.AUTH_SECRET, "authSecret"),
    admin: {
      email: (env.ADMIN_EMAIL ?? "admin@example.com").toLowerCase(),
      password: pick(env.ADMIN_PASSWORD, "adminPassword"),
      passwordGenerated: !env.ADMIN_PASSWORD,
    },
    secureAdminPassword: pick(env.SECURE_ADMIN_PASSWORD, "secureAdminPassword"),
    secureAdminPasswordGenerated: !env.SECURE_ADMIN_PASSWORD,
    seedDemoCatalog: env.SEED_DEMO_CATALOG,
    demoPayments: env.DEMO_PAYMENTS ?? !isProduction,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: env.PAYPAL_API_BASE }
        : undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_WHATSAPP_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            whatsappFrom: env.TWILIO_WHATSAPP_FROM,
            adminTo: env.ADMIN_WHATSAPP_TO,
            apiBase: env.TWILIO_API_BASE,
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    notifications: {
      enabled: env.NOTIFICATIONS,
      sendTimeoutMs: env.NOTIFICATION_SEND_TIMEOUT_MS,
      yieldMs: env.NOTIFICATION_YIELD_SECONDS * 1000,
      reviewRequestDelayDays: env.REVIEW_REQUEST_DELAY_DAYS,
    },
    google: oauthClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_OAUTH_BASE),
    facebook: oauthClient(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, env.FACEBOOK_OAUTH_BASE),
    returnWindowDays: env.RETURN_WINDOW_DAYS,
    guestSearch: env.GUEST_SEARCH,
    guestCheckout: env.GUEST_CHECKOUT,
    sharedPasswordRole: env.SHARED_PASSWORD_ROLE,
    recovery: {
      abandonedMinutes: env.ABANDONED_CHECKOUT_MINUTES,
      scanIntervalMs: env.ABANDONED_CHECKOUT_SCAN_SECONDS * 1000,
    },
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    cacheBytes: { pages: megabytes(env.PAGE_CACHE_MB), reads: megabytes(env.READ_CACHE_MB) },
    renderConcurrency: env.RENDER_CONCURRENCY,
    webConcurrency: env.WEB_CONCURRENCY ?? (env.DATABASE_URL ? os.availableParallelism() : 1),
    rateLimitIpMultiplier: env.RATE_LIMIT_IP_MULTIPLIER,
    trustProxy: env.TRUST_PROXY,
    orderLimits: {
      maxQuantityPerProduct: env.MAX_QTY_PER_PRODUCT,
      unpaidOrdersPerAccount: env.UNPAID_ORDERS_PER_ACCOUNT,
      unpaidOrderHoldMinutes: env.UNPAID_ORDER_HOLD_MINUTES,
      unpaidOrdersPerAddress: env.UNPAID_ORDERS_PER_ADDRESS,
      holdSharePercent: env.UNPAID_HOLD_SHARE_PERCENT,
      holdCooldownMinutes: env.UNPAID_HOLD_COOLDOWN_MINUTES,
    },
    lowStockThreshold: env.LOW_STOCK_THRESHOLD,
    draftOrderLinkHours: env.DRAFT_ORDER_LINK_HOURS,
    scheduledSalesIntervalMs: env.SCHEDULED_SALES_INTERVAL_SECONDS * 1000,
    restock: {
      factor: env.RESTOCK_NOTIFY_FACTOR,
      waveMs: env.RESTOCK_WAVE_MINUTES * 60_000,
      roundMs: env.RESTOCK_ROUND_SECONDS * 1000,
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
    backups: {
      everyMs: env.BACKUP_EVERY_HOURS === undefined ? undefined : Math.round(env.BACKUP_EVERY_HOURS * 3_600_000),
      keep: env.BACKUP_KEEP,
      dir: env.BACKUP_DIR && !backupBucket ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, "backups"),
      bucket: backupBucket,
    },
    logLevel: env.LOG_LEVEL,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  return resolveConfig(parseEnv(source));
}

/** What the browser may know about the configuration (rendered into the page by the root loader). */
export interface PublicConfig {
  /** The shop's public origin, for canonical URLs and sharing tags. */
  publicUrl: string;
  guestSearch: boolean;
  guestCheckout: boolean;
  requireEmailVerification: boolean;
  demoPayments: boolean;
  paypalClientId: string | null;
  socialProviders: { google: boolean; facebook: boolean };
  /** The most of one product a cart may hold: the cart's and the product page's quantity maximum. */
  maxQuantityPerProduct: number;
  /** WhatsApp messages are on (Twilio connected): 'Notify me when it's back' offers WhatsApp too. */
  whatsapp: boolean;
}

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    publicUrl: config.publicUrl,
    guestSearch: config.guestSearch,
    guestCheckout: config.guestCheckout,
    requireEmailVerification: config.requireEmailVerification,
    demoPayments: config.demoPayments,
    paypalClientId: config.paypal?.clientId ?? null,
    socialProviders: { google: Boolean(config.google), facebook: Boolean(config.facebook) },
    maxQuantityPerProduct: config.orderLimits.maxQuantityPerProduct,
    whatsapp: Boolean(config.twilio),
  };
}
