import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, reviews, shopSettings } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { REVIEW_MESSAGES } from "~/modules/reviews/review-rules";
import { insertReviews } from "~/modules/reviews/review-store.server";
import { consolePass, cookieHeader, signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The owner's review moderation over HTTP (issue 29): the list with its status filter, Publish, Hide
 * with a reason ('Hidden: <reason>'), Reply publicly and Remove reply, and the 'reviews' settings
 * section — and nobody but the shop's admin account (not a visitor, a customer, a holder of the shared
 * password, nor the console) reads or changes any of it, whatever the URL, method or body.
 */

const ADMIN = { email: "moderator@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "Reviews-Shared-2026";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let passHolderCookie = "";
let consoleCookie = "";
const announced: string[] = [];
const db = (): Db => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    // The shared password in a role without this area (issue 32: SHARED_PASSWORD_ROLE; manager by default).
    SHARED_PASSWORD_ROLE: "fulfilment",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, `review-shopper-${databaseKind}@example.com`)).cookie;
  const holder = await signUp(server, `review-pass-holder-${databaseKind}@example.com`);
  const grant = await post(
    "/admin",
    new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
    holder.cookie,
  );
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
  consoleCookie = await consolePass(server.url, SHARED_PASSWORD);
  server.services().events.on("catalog.changed", ({ reason, remote }) => {
    if (!remote) announced.push(reason);
  });
});

afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: URLSearchParams, cookie = adminCookie, method = "POST") {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}
const get = (path: string, cookie = adminCookie) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** A customer-like review of a demo product, written through the one write path. */
async function aReview(title: string, status: "published" | "held" = "published") {
  const [product] = await db().select({ id: products.id }).from(products).orderBy(asc(products.slug)).limit(1);
  const [id] = await insertReviews(db(), [
    {
      productId: product!.id,
      userId: null,
      orderId: null,
      orderItemId: null,
      size: "M",
      color: "",
      rating: 2,
      title,
      body: "Not what I expected from the photos.",
      fit: "large",
      authorName: "Test C.",
      verified: false,
      photos: [],
      status,
      source: "customer",
    },
  ]);
  return { id: id!, productId: product!.id };
}

const intent = (name: string, fields: Record<string, string> = {}) => new URLSearchParams({ intent: name, ...fields });

async function act(body: URLSearchParams, cookie = adminCookie) {
  const res = await post("/admin/reviews", body, cookie);
  return { status: res.status, text: await res.text() };
}

async function announcements(work: () => Promise<unknown>) {
  const from = announced.length;
  await work();
  return announced.slice(from);
}

describe(`the owner moderates reviews (${databaseKind})`, () => {
  it("lists reviews newest first by status; hides with a reason, publishes, replies and removes the reply", async () => {
    const { id, productId } = await aReview("Moderate me");
    const list = await (await get("/admin/reviews")).text();
    expect(list).toContain("Moderate me");
    expect(list).toContain('href="/admin/reviews"');
    expect(await (await get("/admin/reviews?status=held")).text()).not.toContain("Moderate me");

    const hiddenSaid = await announcements(async () => {
      const hidden = await act(intent("hide", { reviewId: id, reason: "Talks about a competitor" }));
      expect(hidden.status).toBe(200);
      expect(hidden.text).toContain(REVIEW_MESSAGES.hiddenByOwner);
    });
    expect(hiddenSaid).toEqual([`reviews: review hidden (product ${productId})`]);
    const hiddenList = await (await get("/admin/reviews?status=hidden")).text();
    expect(hiddenList).toContain("Hidden: Talks about a competitor");
    // A hidden review's reply changes nothing the shop shows: nothing announced.
    expect(await announcements(() => act(intent("reply", { reviewId: id, reply: "We are sorry." })))).toEqual([]);

    expect((await act(intent("publish", { reviewId: id }))).text).toContain(REVIEW_MESSAGES.publishedByOwner);
    const [published] = await db().select().from(reviews).where(eq(reviews.id, id));
    expect(published).toMatchObject({ status: "published", hiddenReason: null, reply: "We are sorry." });
    const edited = await act(
      intent("reply", { reviewId: id, reply: "We are sorry: write to us and we will exchange it." }),
    );
    expect(edited.text).toContain(REVIEW_MESSAGES.replySaved);
    expect((await act(intent("remove-reply", { reviewId: id }))).text).toContain(REVIEW_MESSAGES.replyRemoved);
    const [after] = await db().select({ reply: reviews.reply }).from(reviews).where(eq(reviews.id, id));
    expect(after!.reply).toBeNull();
  });

  it("answers odd requests with words and changes nothing", async () => {
    const { id } = await aReview("Odd requests");
    const [before] = await db().select().from(reviews).where(eq(reviews.id, id));
    const noReason = await act(intent("hide", { reviewId: id, reason: "  " }));
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain(REVIEW_MESSAGES.reasonRequired);
    const longReply = await act(intent("reply", { reviewId: id, reply: "x".repeat(2001) }));
    expect(longReply.status).toBe(400);
    expect(longReply.text).toContain(REVIEW_MESSAGES.replyTooLong);
    const unknown = await act(intent("explode", { reviewId: id }));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(REVIEW_MESSAGES.unknownAction);
    for (const reviewId of ["7c9e6679-7425-40de-944b-e07fc1f90ae7", "not-an-id"]) {
      const missing = await act(intent("publish", { reviewId }));
      expect(missing.status).toBe(404);
      expect(missing.text).toContain(REVIEW_MESSAGES.reviewNotFound);
    }
    const [after] = await db().select().from(reviews).where(eq(reviews.id, id));
    expect(after).toEqual(before);
  });
});

describe(`nobody but the shop's admin moderates reviews (${databaseKind})`, () => {
  it("refuses every write to visitors, customers, pass holders and the console, whatever the URL, method or body", async () => {
    const { id } = await aReview("Guarded review", "held");
    const snapshot = async () => ({
      reviews: await db().select().from(reviews).orderBy(asc(reviews.id)),
      settings: await db().select().from(shopSettings).orderBy(asc(shopSettings.section)),
    });
    const before = await snapshot();
    const bodies = {
      publish: intent("publish", { reviewId: id }),
      hide: intent("hide", { reviewId: id, reason: "Intruder" }),
      reply: intent("reply", { reviewId: id, reply: "Intruder reply" }),
      "remove-reply": intent("remove-reply", { reviewId: id }),
    };
    const senders = { visitor: "", customer: customerCookie, "pass holder": passHolderCookie, console: consoleCookie };
    const said = await announcements(async () => {
      for (const [who, cookie] of Object.entries(senders)) {
        for (const path of [
          "/admin/reviews",
          "/admin/reviews.data",
          "/admin/reviews?index",
          "/admin/reviews?status=held",
        ]) {
          for (const [name, body] of Object.entries(bodies)) {
            for (const method of WRITE_METHODS) {
              const res = await post(path, body, cookie, method);
              const text = await res.text();
              expect([202, 302, 303, 401, 403, 404, 405], `${who} ${method} ${path} ${name}`).toContain(res.status);
              if (res.status === 302) expect(res.headers.get("location")).toBe("/");
              for (const message of Object.values(REVIEW_MESSAGES).filter(
                (m) => m.startsWith("Review") || m.startsWith("Reply"),
              )) {
                expect(text, `${who} ${method} ${path} ${name}`).not.toContain(message);
              }
            }
          }
        }
        // The 'reviews' settings section: unchanged.
        const settings = await post(
          "/admin/settings",
          new URLSearchParams({ section: "reviews", version: "0", newReviews: "hold" }),
          cookie,
        );
        expect([302, 401, 403], `${who} settings`).toContain(settings.status);
        // Reads give them nothing.
        for (const path of ["/admin/reviews", "/admin/reviews.data", "/admin/reviews?status=held"]) {
          const text = await (await get(path, cookie)).text();
          expect(text, `${who} ${path}`).not.toContain("Guarded review");
        }
      }
    });
    expect(said).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
