import path from "node:path";
import type { AppConfig } from "~/lib/config/config.server";
import { openDatabase, type Database } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { broadcastCatalogChanges } from "~/lib/event-broadcast.server";
import { startBackups } from "~/lib/backup/backups.server";
import { claimDataDir } from "~/lib/backup/control-socket.server";
import { ReadCache } from "~/lib/read-cache.server";
import { createAccountActions, type AccountActions } from "~/modules/accounts/account-actions.server";
import { createAdminAccess, type AdminAccessGate } from "~/modules/accounts/admin-access.server";
import { createBackOffice, type BackOffice } from "~/modules/staff/back-office.server";
import { createStaff, type StaffService } from "~/modules/staff/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { fieldChanges } from "~/modules/audit/field-changes";
import { createAuth, type Auth } from "~/modules/accounts/auth.server";
import { sharedPasswordLockedMail } from "~/modules/accounts/account-mails";
import { createSecureAdminGate, type SecureAdminGate } from "~/modules/accounts/secure-admin-gate.server";
import { createSharedPasswordCap } from "~/modules/accounts/shared-password-cap.server";
import { ensureAdminAccount } from "~/modules/accounts/ensure-admin.server";
import { createCatalogReads, databaseCatalogSource, type CatalogReads } from "~/modules/catalog/catalog-reads.server";
import { createCatalogCommands, type CatalogCommands } from "~/modules/product-admin/catalog-commands.server";
import { createDiscountCommands, type DiscountCommands } from "~/modules/promotions/discount-admin.server";
import { createSessions, type Sessions } from "~/modules/accounts/session.server";
import { SessionMemory } from "~/modules/accounts/session-memory.server";
import { holdServices } from "./services-holder";
import { seedDemoCatalogIfEmpty, type SeedResult } from "~/modules/catalog/seed.server";
import { createImageLibrary, type ImageLibrary } from "~/modules/media/image-pipeline.server";
import { DiskImageStorage, type ImageStorage } from "~/modules/media/image-storage.server";
import { createMailer, type Mailer } from "~/modules/notifications/mailer.server";
import { createNotifications, type Notifications } from "~/modules/notifications/notifications.server";
import { createReviewLinks } from "~/modules/reviews/review-links.server";
import { cancelAbandonedOrders, startAbandonedOrderSweeper } from "~/modules/orders/order-payment.server";
import { startSalesRollUpUpkeep } from "~/modules/analytics/sales-roll-up.server";
import { startCatalogVacuum } from "~/modules/catalog/catalog-vacuum.server";
import type { FulfilmentDeps } from "~/modules/orders/order-fulfilment.server";
import { createOrderStats, type OrderStats } from "~/modules/orders/admin-orders.server";
import { createDiscountStats, type DiscountStats } from "~/modules/analytics/discount-analytics.server";
import { paypalClientFor } from "~/modules/payments/paypal-instance.server";
import { createShopSettings, type ShopSettingsService } from "~/modules/settings/settings.server";
import { createOfferReads } from "~/modules/promotions/discount-reads.server";
import type { DiscountRule } from "~/modules/promotions/discount-engine";
import { createScheduledSales, type ScheduledSales } from "~/modules/promotions/scheduled-sale-job.server";
import { createReviewCommands, type ReviewCommands } from "~/modules/reviews/review-commands.server";
import { createReviewReads, type ReviewReads } from "~/modules/reviews/review-reads.server";
import { createHelpfulVotes, type HelpfulVotes } from "~/modules/reviews/helpful-votes.server";
import { createReturns, type Returns } from "~/modules/returns/returns.server";
import { createBackInStock, type BackInStock } from "~/modules/restock/back-in-stock.server";
import { createDraftLinks, type DraftLinks } from "~/modules/orders/draft-links.server";
import { createDraftOrders, type DraftOrders } from "~/modules/orders/draft-orders.server";
import { createCheckoutRecovery, type CheckoutRecovery } from "~/modules/recovery/checkout-recovery.server";
import { createRecoveryLinks } from "~/modules/recovery/recovery-rules";
import { shopIdentityFrom } from "~/modules/notifications/message-kinds";
import { parseE164 } from "~/modules/notifications/phone-numbers";
import { createTwilioClient } from "~/modules/notifications/twilio-client.server";
import { createLoadGauge } from "~/lib/load-gauge.server";
import { createGuestLinks } from "~/modules/orders/guest-links.server";
import { createGuestOrders, type GuestOrders } from "~/modules/orders/guest-orders.server";

/**
 * The composition root: everything a loader or action needs on the server, created once at start
 * and handed to the domain modules as arguments (modules never reach back for it).
 */
export interface Services {
  config: AppConfig;
  database: Database;
  auth: Auth;
  /** Who is asking: the session of a request, and the guards built on it. */
  sessions: Sessions;
  /** Who may use /admin: admins, and customers holding the shared-password pass for their session. */
  adminAccess: AdminAccessGate;
  /**
   * The back office's one check (issue 32): the staff member (or shared password) asking and whether
   * their role has the area a loader or action needs; every /admin and /secure-admin route asks it.
   */
  backOffice: BackOffice;
  /** The shop's staff (issue 32): members, invitations, role changes and removals, by the owner. */
  staff: StaffService;
  /** The /secure-admin console's gate: the shared password, its passes, Logout. */
  secureAdmin: SecureAdminGate;
  /** Sign-in, registration and password actions, and the auth library's open HTTP endpoints, behind the abuse limits. */
  accounts: AccountActions;
  mailer: Mailer;
  events: EventBus;
  /** Order messages by WhatsApp and e-mail: the outbox order events write, its worker, the admin's panel. */
  notifications: Notifications;
  /** Cached catalogue reads (emptied when `catalog.changed` is announced). */
  catalog: CatalogReads;
  /** The back office's catalogue writes: each announces `catalog.changed` once it has committed a change. */
  catalogCommands: CatalogCommands;
  /** The back office's discount writes (issue 28): each announces `invalidateCatalog("discounts")` once committed. */
  discountCommands: DiscountCommands;
  /**
   * The owner's shop settings (store, pages, shipping and tax, notifications): read cached, saved
   * validated, version-checked and audited; a save empties every process's caches (`catalog.changed`).
   */
  settings: ShopSettingsService;
  /** What moving an order on needs (modules/orders/order-fulfilment.server.ts): database, events, PayPal. */
  fulfilment: FulfilmentDeps;
  /** The admin dashboard's order figures, cached briefly and dropped when an order moves. */
  orderStats: OrderStats;
  /** The /admin dashboard's top discounts of the last 30 days (issue 28). */
  discountStats: DiscountStats;
  /** Uploaded product photos: the upload pipeline and the storage /media is served from. */
  media: ImageLibrary;
  /**
   * The shop's automatic offers (issue 28), read from the database at most every 30 s and again as
   * soon as a discount changes in any process (`catalog.changed`).
   */
  offers: () => Promise<DiscountRule[]>;
  /**
   * Scheduled sales: the owner's writes, and the run that starts and ends them by the clock (every
   * SCHEDULED_SALES_INTERVAL_SECONDS in the background; `runDue(now)` runs it at once).
   */
  scheduledSales: ScheduledSales;
  /** The product page's reviews (issue 29): pages of published reviews, cached until `catalog.changed`. */
  reviewReads: ReviewReads;
  /** 'Was this helpful?': one vote per visitor and review, bounded per address. */
  helpfulVotes: HelpfulVotes;
  /**
   * Reviews (issue 29): a customer's review and edit, the owner's moderation; each announces
   * `catalog.changed` once committed when the product page's reviews changed.
   */
  reviews: ReviewCommands;
  /**
   * Returns and size exchanges (issue 30): the shopper's request and cancel, the owner's moves (approve,
   * refuse, receive, refund through PayPal or by hand, ship the exchange), and the pages' reads.
   */
  returns: Returns;
  /**
   * Back in stock per size and colour (issue 31): shoppers' subscriptions to a sold-out variant, the
   * rounds that notify them when its stock rises (every RESTOCK_ROUND_SECONDS; `runRound(now)` runs one
   * at once), and the owner's demand waiting.
   */
  backInStock: BackInStock;
  /**
   * Abandoned-checkout recovery (issue 31): checkouts recorded as shoppers reach them, the scan that
   * sends reminders (every ABANDONED_CHECKOUT_SCAN_SECONDS; `runDue(now)` runs it at once), its links.
   */
  recovery: CheckoutRecovery;
  /**
   * Guest checkout's after-sale (issue 31, GUEST_CHECKOUT): the signed order and claim links, the order
   * lookup by e-mail, and attaching guest orders to an account once their e-mail is proven.
   */
  guestOrders: GuestOrders;
  /**
   * Draft orders (issue 32, decision 0041): staff's drafts, their payment links (signed, DRAFT_ORDER_LINK_HOURS)
   * and the orders they become.
   */
  draftOrders: DraftOrders;
  draftLinks: DraftLinks;
  /**
   * Cancels the unpaid orders past their hold (UNPAID_ORDER_HOLD_MINUTES) now and returns their stock:
   * what the background sweeper does every minute. Answers how many were cancelled.
   */
  sweepUnpaidOrders: () => Promise<number>;
  /**
   * Stops the background work (the abandoned-order sweeper, the notification worker, the sales roll-up's
   * upkeep, the scheduled sales' run) and waits for it.
   */
  stopBackground: () => Promise<void>;
}

export interface StartReport {
  seed: SeedResult;
  adminCreated: boolean;
}

export async function startServices(config: AppConfig): Promise<{ services: Services; report: StartReport }> {
  // The embedded database has one opener: DATA_DIR's control socket is claimed first (refused while
  // another server, or a backup with the server stopped, has it), and `npm run backup` asks through it.
  const claim = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, "the server is starting: try again in a moment");
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
  }).catch(async (error: unknown) => {
    await claim?.close();
    throw error;
  });
  // DATA_DIR is let go once the database is closed, not before.
  const database: Database = {
    ...opened,
    close: async () => {
      await opened.close();
      await claim?.close();
    },
  };
  let stopBackups: (() => Promise<void>) | undefined;
  try {
    // Backups asked for on the control socket, and BACKUP_EVERY_HOURS's (docs/operations.md, Backups).
    const stopBackupWork = await startBackups({
      database,
      claim,
      dataDir: config.dataDir,
      schedule: config.backups,
      s3: config.s3,
    });
    stopBackups = stopBackupWork;
    const mailer = createMailer({ ...config, notificationTimeoutMs: config.notifications.sendTimeoutMs });
    const events = new EventBus();
    // A minute at most, and emptied at once by a save in any process (catalog.changed).
    const settings = createShopSettings({
      db: database.db,
      events,
      cache: new ReadCache(60_000, { maxEntries: 1, maxBytes: config.cacheBytes.reads }),
      defaults: { returns: { windowDays: config.returnWindowDays } },
    });
    // Account e-mails name the store as its owner set it.
    const auth = createAuth(config, database.db, mailer, async () => (await settings.read()).store.name);
    // Instances (or processes) starting together load the demo catalogue and make the admin account once.
    const { seed, admin } = await database.exclusive(async () => ({
      seed: config.seedDemoCatalog
        ? await seedDemoCatalogIfEmpty(database.db)
        : ({ seeded: false, reason: "disabled" } as const),
      admin: await ensureAdminAccount(auth, database.db, config.admin),
    }));
    // A catalogue change in any process empties the caches of all of them (PostgreSQL LISTEN/NOTIFY).
    const stopBroadcast = broadcastCatalogChanges(database, events);
    const catalog = createCatalogReads({
      source: databaseCatalogSource(database.db),
      events,
      cache: new ReadCache(config.pageCacheSeconds * 1000, { maxBytes: config.cacheBytes.reads }),
      // Popular searches repeat; a quarter of the read cache's bytes holds a few thousand result pages.
      searchCache: new ReadCache(config.pageCacheSeconds * 1000, { maxBytes: config.cacheBytes.reads / 4 }),
      // The search vocabulary: a minute, or until the catalogue changes.
      vocabularyCache: new ReadCache(60_000, { maxEntries: 1, maxBytes: config.cacheBytes.reads }),
    });
    // Orders left unpaid for UNPAID_ORDER_HOLD_MINUTES (15 by default) are cancelled and their stock
    // returned (docs/decisions/0005-checkout-places-then-pays.md).
    const olderThanMinutes = config.orderLimits.unpaidOrderHoldMinutes;
    const stopSweeper = startAbandonedOrderSweeper(database.db, events, { olderThanMinutes });
    // The Analytics roll-up's old shards folded into one row per day and key, and its tables vacuumed on
    // the embedded database, which has no autovacuum (docs/decisions/0014-sales-roll-up.md).
    const stopRollUpUpkeep = startSalesRollUpUpkeep(database.db, { vacuum: database.kind === "pglite" });
    // The same for the catalogue's tables, which every order updates (stock).
    const stopCatalogVacuum = database.kind === "pglite" ? startCatalogVacuum(database.db) : async () => {};
    // Scheduled sales start and end by the clock, in every instance (each sale once: scheduled-sales.server.ts).
    const scheduledSales = createScheduledSales({ db: database.db, events });
    const stopScheduledSales = scheduledSales.start(config.scheduledSalesIntervalMs);
    // Sessions read once are kept in memory until the database says they changed (decision 0018).
    const sessionMemory = new SessionMemory();
    const stopSessionNotices = sessionMemory.listen(database);
    const sessions = createSessions({ db: database.db, auth, authSecret: config.authSecret, memory: sessionMemory });
    // Review requests' links and the review form read them with one key (issue 29).
    const reviewLinks = createReviewLinks(config.authSecret);
    // Guest orders' signed links (issue 31): the order e-mail's link of a guest order carries one.
    const guestLinks = createGuestLinks(config.authSecret);
    // Draft orders' payment links (issue 32): their own key.
    const draftLinks = createDraftLinks(config.authSecret);
    const notifications = createNotifications({
      db: database.db,
      events,
      mailer,
      config: {
        enabled: config.notifications.enabled,
        sendTimeoutMs: config.notifications.sendTimeoutMs,
        yieldMs: config.notifications.yieldMs,
        publicUrl: config.publicUrl,
        // The store's name, contact, return address and owner e-mail, read when a message is sent.
        settings: () => settings.read(),
        twilio: config.twilio,
        // After delivery, one review request per order, with signed links to the review form (issue 29).
        reviewRequests: {
          delayDays: config.notifications.reviewRequestDelayDays,
          links: reviewLinks,
        },
        guestOrderToken: (orderNumber, email) => guestLinks.orderToken(orderNumber, email),
      },
    });

    // Back in stock (issue 31): rounds in every instance; the database shares the variants out.
    const backInStock = createBackInStock({
      db: database.db,
      factor: config.restock.factor,
      waveMs: config.restock.waveMs,
      whatsapp: Boolean(config.twilio),
      rateLimitIpMultiplier: config.rateLimitIpMultiplier,
      wakeOutbox: () => notifications.worker.wake(),
      yieldMs: config.notifications.yieldMs,
    });
    const stopBackInStock = config.notifications.enabled ? backInStock.start(config.restock.roundMs) : async () => {};
    // Reminders of checkouts left (issue 31): sent by the scan of every instance, each reminder once.
    const recoveryLoad = createLoadGauge();
    const recovery = createCheckoutRecovery({
      db: database.db,
      mailer,
      whatsapp: config.twilio
        ? createTwilioClient({
            accountSid: config.twilio.accountSid,
            authToken: config.twilio.authToken,
            from: `whatsapp:${parseE164(config.twilio.whatsappFrom) ?? config.twilio.whatsappFrom}`,
            apiBase: config.twilio.apiBase,
            timeoutMs: config.notifications.sendTimeoutMs,
          })
        : undefined,
      links: createRecoveryLinks(config.authSecret),
      publicUrl: config.publicUrl,
      shop: async () => shopIdentityFrom(await settings.read(), config.publicUrl),
      settings: async () => (await settings.read()).recovery,
      maxPerProduct: config.orderLimits.maxQuantityPerProduct,
      enabled: config.notifications.enabled,
      abandonedMinutes: config.recovery.abandonedMinutes,
      rateLimitIpMultiplier: config.rateLimitIpMultiplier,
      saturated: config.notifications.yieldMs > 0 ? () => recoveryLoad.saturated(0) : undefined,
    });
    const stopRecovery = recovery.start(config.recovery.scanIntervalMs);

    const photoStorage = await imageStorageFor(config);
    const media = createImageLibrary({ storage: photoStorage });
    // The shared admin password's shop-wide cap tells the owner (Settings → Notifications' e-mail, else
    // the admin account's) when it trips.
    const sharedPasswordCap = createSharedPasswordCap({
      db: database.db,
      onTrip: async (trip) => {
        const shop = await settings.read();
        const to = shop.notifications.ownerEmail || config.admin.email;
        await mailer.send(sharedPasswordLockedMail(to, trip, shop.store.name));
      },
    });

    const adminAccess = createAdminAccess({
      db: database.db,
      sessions,
      authSecret: config.authSecret,
      secureAdminPassword: config.secureAdminPassword,
      secureCookies: config.publicUrl.startsWith("https:"),
      rateLimitIpMultiplier: config.rateLimitIpMultiplier,
      cap: sharedPasswordCap,
    });

    const services: Services = {
      config,
      database,
      auth,
      sessions,
      adminAccess,
      backOffice: createBackOffice({ adminAccess, sharedPasswordRole: config.sharedPasswordRole }),
      staff: createStaff({
        db: database.db,
        auth,
        mailer,
        authSecret: config.authSecret,
        publicUrl: config.publicUrl,
        shopName: async () => (await settings.read()).store.name,
        forgetSessions: (userId) => sessions.forgetUser(userId),
        // Every staff change in the audit trail, in the change's transaction.
        audit: (tx, actor, change) =>
          recordAudit(tx, actor, [
            {
              action: `staff.${change.action}`,
              objectType: "staff",
              objectId: change.objectId,
              objectName: change.objectLabel,
              changes: fieldChanges(change.before, change.after),
            },
          ]),
      }),
      secureAdmin: createSecureAdminGate({
        db: database.db,
        authSecret: config.authSecret,
        secureAdminPassword: config.secureAdminPassword,
        secureCookies: config.publicUrl.startsWith("https:"),
        rateLimitIpMultiplier: config.rateLimitIpMultiplier,
        cap: sharedPasswordCap,
      }),
      accounts: createAccountActions({
        db: database.db,
        auth,
        rateLimitIpMultiplier: config.rateLimitIpMultiplier,
        requireEmailVerification: config.requireEmailVerification,
        authSecret: config.authSecret,
        secureCookies: config.publicUrl.startsWith("https:"),
      }),
      mailer,
      events,
      notifications,
      catalog,
      catalogCommands: createCatalogCommands({ db: database.db, events }),
      discountCommands: createDiscountCommands({ db: database.db, catalog }),
      settings,
      fulfilment: { db: database.db, events, paypal: paypalClientFor(config) },
      guestOrders: createGuestOrders({
        db: database.db,
        mailer,
        links: guestLinks,
        publicUrl: config.publicUrl,
        shopName: async () => (await settings.read()).store.name,
        rateLimitIpMultiplier: config.rateLimitIpMultiplier,
      }),
      draftOrders: createDraftOrders({
        db: database.db,
        events,
        mailer,
        links: draftLinks,
        publicUrl: config.publicUrl,
        linkHours: config.draftOrderLinkHours,
        shop: async () => {
          const { store, shipping } = await settings.read();
          return { name: store.name, pricing: shipping, shipsTo: shipping.shipsTo };
        },
      }),
      draftLinks,
      returns: createReturns({
        db: database.db,
        events,
        paypal: paypalClientFor(config),
        windowDays: async () => (await settings.read()).returns.windowDays,
      }),
      orderStats: createOrderStats({
        db: database.db,
        events,
        ttlMs: config.pageCacheSeconds * 1000,
        lowStockThreshold: config.lowStockThreshold,
      }),
      discountStats: createDiscountStats({ db: database.db, events, ttlMs: config.pageCacheSeconds * 1000 }),
      media,
      offers: createOfferReads(
        database.db,
        events,
        new ReadCache(30_000, { maxEntries: 1, maxBytes: config.cacheBytes.reads }),
      ),
      scheduledSales,
      reviews: createReviewCommands({
        db: database.db,
        events,
        links: reviewLinks,
        uploadPhotos: (files) => media.upload(files),
        newReviewMode: async () => (await settings.read()).reviews.newReviews,
      }),
      reviewReads: createReviewReads({
        db: database.db,
        events,
        cache: new ReadCache(config.pageCacheSeconds * 1000, { maxBytes: config.cacheBytes.reads / 4 }),
      }),
      helpfulVotes: createHelpfulVotes({
        db: database.db,
        authSecret: config.authSecret,
        secureCookies: config.publicUrl.startsWith("https:"),
        rateLimitIpMultiplier: config.rateLimitIpMultiplier,
      }),
      backInStock,
      recovery,
      sweepUnpaidOrders: () => cancelAbandonedOrders(database.db, { events, olderThanMinutes }),
      stopBackground: async () => {
        await Promise.all([stopSweeper(), stopScheduledSales(), stopBackInStock(), stopRecovery()]);
        await Promise.all([stopBroadcast(), stopSessionNotices()]);
        await Promise.all([notifications.worker.stop(), stopRollUpUpkeep(), stopCatalogVacuum(), stopBackupWork()]);
        mailer.close?.();
        photoStorage.close?.();
      },
    };
    // Every instance drains the outbox; rows are shared out by the database (FOR UPDATE SKIP LOCKED).
    if (config.notifications.enabled) notifications.worker.start();
    holdServices(services);
    return { services, report: { seed, adminCreated: admin.created } };
  } catch (error) {
    await stopBackups?.();
    await database.close();
    throw error;
  }
}

/**
 * Photos in the bucket of S3_BUCKET, or on disk under DATA_DIR/media. The AWS SDK is loaded only for a
 * bucket (2–4 MB more of a server's memory, measured): a shop on disk does not carry it.
 */
async function imageStorageFor(config: AppConfig): Promise<ImageStorage> {
  if (!config.s3) return new DiskImageStorage(path.join(config.dataDir, "media"));
  const { S3ImageStorage } = await import("~/modules/media/s3-image-storage.server");
  return new S3ImageStorage(config.s3);
}

export { services } from "./services-holder";

export async function stopServices(): Promise<void> {
  const current = holdServices(undefined);
  await current?.stopBackground();
  await current?.database.close();
}
