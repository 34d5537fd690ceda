import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { InFlightResponses } from "./in-flight-responses.js";
import { poll } from "../../test/poll.js";

describe("InFlightResponses", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  // Three requests held open; they end out of order, each leaving the others tracked.
  it("holds each response until it ends, whichever order they end in", async () => {
    const inFlight = new InFlightResponses();
    const held: ServerResponse[] = [];
    const server = createServer((_req, res) => {
      inFlight.add(res);
      held.push(res);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const answers = [0, 1, 2].map(() => fetch(url).then((res) => res.text()));
    const heldCount = () => held.length;
    expect(await poll(heldCount, (count) => count === 3, { everyMs: 5 })).toBe(3);
    expect(inFlight.size).toBe(3);

    const finish = async (res: ServerResponse, body: string) => {
      res.end(body);
      await once(res, "close");
    };
    await finish(held[0]!, "first");
    expect([...inFlight]).toEqual([held[2], held[1]]);
    await finish(held[2]!, "third");
    expect([...inFlight]).toEqual([held[1]]);
    await finish(held[1]!, "second");
    expect(inFlight.size).toBe(0);
    expect(await Promise.all(answers)).toEqual(["first", "second", "third"]);
  });
});
