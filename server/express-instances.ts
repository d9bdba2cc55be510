import { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";

/**
 * The request and response classes for Node's HTTP server that make Express's own objects from the start.
 *
 * Express gives every request and response its app's prototype as it enters (`Object.setPrototypeOf(req,
 * app.request)`). V8 makes that object slow to collect: measured on a bare Express app under load, a third
 * of what each request allocated outlived the young generation's collection and went to the old one, where
 * only the full collections, a few a second, free it (with plain Node `http`, nothing did). On the store,
 * ~1 MB went over at every young collection whatever the page, and the full collections that follow cost
 * a good part of a render's CPU (docs/decisions/0020).
 *
 * Built by these classes, a request already has the prototype Express sets, and V8 does nothing when a
 * prototype is set to the one an object has. The classes' prototypes sit in front of the app's: every
 * Express method and property is found as before, and `app.request`/`app.response` name them, for Express
 * to set.
 */
export function expressInstances(app: Express) {
  class AppRequest extends IncomingMessage {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  app.request = AppRequest.prototype as unknown as Express["request"];

  class AppResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.response = AppResponse.prototype as unknown as Express["response"];

  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}
