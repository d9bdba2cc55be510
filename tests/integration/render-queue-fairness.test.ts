import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderQueue } from "../../server/render-queue";

/**
 * Newcomers under load, through a real HTTP server and the real queue: Node 20's libuv accepts one
 * connection a turn of the event loop (libuv#3696), so how long a turn lasts decides how long a new
 * visitor waits while the server is busy. Counted in answers, not in milliseconds: how many answers the
 * connections already open got between a newcomer's request and its page.
 */

const OPEN_CONNECTIONS = 16;
const NEWCOMERS = 8;
const QUEUE_LIMIT = 4;

/** A render as the embedded database makes it: promises only, then ~1 ms of work on the main thread. */
async function render(): Promise<string> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
  const until = performance.now() + 1;
  while (performance.now() < until);
  return "<p>page</p>";
}

/**
 * The load, in a process of its own (its event loop must not be the server's): `OPEN_CONNECTIONS`
 * keep-alive connections, each asking again as soon as its answer is in; once they have been answered a
 * while, `NEWCOMERS` connections opened at once, one request each. Prints, for each newcomer, the answers
 * the open connections got between its request and its answer.
 */
const LOAD = `
const net = require("node:net");
const [port, open, newcomers] = process.argv.slice(1).map(Number);
const request = "GET / HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: keep-alive\\r\\n\\r\\n";
let answered = 0;
let stopping = false;
const sockets = [];
function answers(socket, onAnswer) {
  let buffered = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf("</p>")) !== -1) {
      buffered = buffered.slice(end + 4);
      onAnswer();
    }
  });
}
for (let i = 0; i < open; i++) {
  const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
  sockets.push(socket);
  answers(socket, () => {
    answered++;
    if (!stopping) socket.write(request);
  });
}
const waits = [];
setTimeout(() => {
  for (let i = 0; i < newcomers; i++) {
    const socket = net.connect(port, "127.0.0.1");
    sockets.push(socket);
    const asked = answered;
    socket.write(request);
    answers(socket, () => {
      waits.push(answered - asked);
      if (waits.length === newcomers) {
        stopping = true;
        process.stdout.write(JSON.stringify(waits));
        for (const s of sockets) s.destroy();
      }
    });
  }
}, 400);
`;

describe("the render queue and new connections under load", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(renderQueue(QUEUE_LIMIT));
    app.get("/", (_req, res, next) => {
      render().then((html) => res.type("html").send(html), next);
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers a newcomer once its place in the queue comes, not after the open connections' many rounds", async () => {
    const load = spawn(process.execPath, ["-e", LOAD, String(port), String(OPEN_CONNECTIONS), String(NEWCOMERS)]);
    let output = "";
    load.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve, reject) => {
      load.once("exit", resolve);
      load.once("error", reject);
    });
    const waits = JSON.parse(output) as number[];
    expect(waits).toHaveLength(NEWCOMERS);
    // Its place: behind every request already waiting (one a connection) and the newcomers before it.
    // With renders started in the turn that read them, the last newcomer waited ~8 turns of ~16 renders.
    expect(Math.max(...waits)).toBeLessThanOrEqual(2 * (OPEN_CONNECTIONS + NEWCOMERS));
  });
});
