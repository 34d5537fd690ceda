import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { expect, it } from "vitest";
import { MemoryTransport } from "../../test/harness.js";
import { poll } from "../../test/poll.js";
import { openDatabase } from "../db/client.js";
import { createLogger } from "../logging/logger.js";
import { ChangeFeed } from "./feed.js";

// A database that takes connections and drops them at once, as one shutting down does: the
// feed keeps trying to listen, and its operator reads why, without a line for every attempt.
it("says why it cannot listen during an outage, and does not repeat it at every attempt", async () => {
  const attempts: Socket[] = [];
  const server = createServer((socket) => {
    attempts.push(socket);
    socket.destroy();
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const transport = new MemoryTransport();
  const logger = createLogger({ logLevel: "info", isProduction: true }, transport);
  const database = await openDatabase({
    url: `postgres://postgres@127.0.0.1:${port}/posts`,
    connectionTimeoutMillis: 500,
  });
  const feed = await ChangeFeed.open(database, logger);
  try {
    await poll(
      () => attempts.length,
      (count) => count >= 8,
      { withinMs: 20_000 },
    );
    const lines = transport.entries.filter((entry) => /cannot listen/.test(String(entry.message)));
    expect(lines[0]).toMatchObject({ level: "warn", errorMessage: "Connection terminated unexpectedly" });
    expect(lines.length).toBeLessThan(attempts.length / 2);
  } finally {
    await feed.close();
    await database.close();
    server.close();
  }
}, 30_000);
