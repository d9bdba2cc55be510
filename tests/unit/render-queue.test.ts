import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { renderQueue } from "../../server/render-queue";

/** `count` turns of the event loop. */
async function turns(count: number) {
  for (let i = 0; i < count; i++) await nextTurn();
}

function fakeResponse() {
  return new EventEmitter() as unknown as Response & EventEmitter;
}

describe("renderQueue", () => {
  it("runs at most `limit` at once and starts the others in arrival order, each on a later turn", async () => {
    const queue = renderQueue(2);
    const started: number[] = [];
    const responses = [0, 1, 2, 3].map(() => fakeResponse());
    responses.forEach((res, i) => queue({} as Request, res, () => started.push(i)));
    await turns(2);
    expect(started).toEqual([0, 1]);
    responses[1]!.emit("finish");
    expect(started).toEqual([0, 1]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    responses[0]!.emit("close"); // a client that went away frees its place too
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("starts one render a turn of the event loop, never inside the callback that read its request", async () => {
    const queue = renderQueue(3);
    const started: number[] = [];
    [0, 1, 2].forEach((i) => queue({} as Request, fakeResponse(), () => started.push(i)));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([0]);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
  });

  it("starts a render admitted while another starts on a later turn, without starting any twice", async () => {
    const queue = renderQueue(2);
    const started: number[] = [];
    const responses = [0, 1, 2].map(() => fakeResponse());
    // 0's start frees its place at once: 2 is admitted behind 1, each on a turn of its own.
    queue({} as Request, responses[0]!, () => {
      started.push(0);
      responses[0]!.emit("finish");
    });
    queue({} as Request, responses[1]!, () => started.push(1));
    queue({} as Request, responses[2]!, () => started.push(2));
    await turns(5);
    expect(started).toEqual([0, 1, 2]);
  });

  it("frees a place once even when both finish and close fire", async () => {
    const queue = renderQueue(1);
    const started: number[] = [];
    const responses = [0, 1, 2].map(() => fakeResponse());
    responses.forEach((res, i) => queue({} as Request, res, () => started.push(i)));
    await nextTurn();
    responses[0]!.emit("finish");
    responses[0]!.emit("close");
    await turns(3);
    expect(started).toEqual([0, 1]);
  });
});

describe("renderQueue skip", () => {
  it("lets the requests it names pass at once, without taking or waiting for a place", async () => {
    const queue = renderQueue(1, { skip: (req) => req.path === "/admin/products/images" });
    const started: string[] = [];
    queue({ path: "/" } as Request, fakeResponse(), () => started.push("page"));
    queue({ path: "/shop" } as Request, fakeResponse(), () => started.push("waits"));
    queue({ path: "/admin/products/images" } as Request, fakeResponse(), () => started.push("upload"));
    expect(started).toEqual(["upload"]);
    await turns(2);
    expect(started).toEqual(["upload", "page"]);
  });
});

describe("renderQueue and clients that go away", () => {
  it("drops a waiting request whose client closed, without giving away a place it never had", async () => {
    const queue = renderQueue(1);
    const started: number[] = [];
    const responses = [0, 1, 2, 3].map(() => fakeResponse());
    responses.forEach((res, i) => queue({} as Request, res, () => started.push(i)));
    await nextTurn();
    expect(started).toEqual([0]);
    responses[1]!.emit("close"); // gone while waiting: never rendered
    await nextTurn();
    expect(started).toEqual([0]); // and the one place is still taken by 0
    responses[0]!.emit("finish");
    await nextTurn();
    expect(started).toEqual([0, 2]);
    responses[2]!.emit("finish");
    await nextTurn();
    expect(started).toEqual([0, 2, 3]);
  });

  it("gives the place on when the client goes between its admission and its turn", async () => {
    const queue = renderQueue(1);
    const started: number[] = [];
    const responses = [0, 1, 2].map(() => fakeResponse());
    responses.forEach((res, i) => queue({} as Request, res, () => started.push(i)));
    await nextTurn();
    responses[0]!.emit("finish"); // admits 1, which starts on the next turn
    responses[1]!.emit("close"); // ... but its client has gone by then
    await turns(3);
    expect(started).toEqual([0, 2]);
  });

  it("never starts the first render of a client gone before its turn, and gives its place on", async () => {
    const queue = renderQueue(1);
    const started: number[] = [];
    const responses = [0, 1].map(() => fakeResponse());
    responses.forEach((res, i) => queue({} as Request, res, () => started.push(i)));
    responses[0]!.emit("close"); // admitted at once, gone before its turn came
    await turns(3);
    expect(started).toEqual([1]);
  });
});
