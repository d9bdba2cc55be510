import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expressInstances } from "../../server/express-instances";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** An Express app on Node's HTTP server, made with `expressInstances` or not; answers GET /probe. */
async function probe(withInstances: boolean) {
  const app = express();
  const instances = withInstances ? expressInstances(app) : {};
  const changed: boolean[] = [];
  const setPrototypeOf = Object.setPrototypeOf;
  const spy = vi.spyOn(Object, "setPrototypeOf").mockImplementation((object: object, prototype: object | null) => {
    if (object instanceof IncomingMessage || object instanceof ServerResponse)
      changed.push(Object.getPrototypeOf(object) !== prototype);
    return setPrototypeOf(object, prototype);
  });
  app.get("/probe", (req, res) => {
    res.status(201).json({ hostname: req.hostname, sameApp: req.app === app, query: req.query });
  });
  server = createServer(instances, app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/probe?size=m`).finally(() => spy.mockRestore());
  return { status: response.status, body: await response.json(), changed };
}

describe("expressInstances", () => {
  it("has Node build requests and responses with the prototypes Express gives them, so Express changes none", async () => {
    const { status, body, changed } = await probe(true);
    // Express still set both prototypes (the spy saw it), and found each already in place.
    expect(changed).toEqual([false, false]);
    // Every Express method and property works as before.
    expect(status).toBe(201);
    expect(body).toEqual({ hostname: "127.0.0.1", sameApp: true, query: { size: "m" } });
  });

  it("is what saves the change: without it Express gives both objects a new prototype", async () => {
    const { status, changed } = await probe(false);
    expect(changed).toEqual([true, true]);
    expect(status).toBe(201);
  });
});
