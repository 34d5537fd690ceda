import type { ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startServiceProcess } from "./service-process.js";

// The starter against tiny node programs instead of the service: each case takes a fraction of a
// second, where the service would take seconds.

/** A server on HOST:PORT whose /ready answers 503 for its first `notReady` requests, then 200. */
const server = (notReady: number) => `
  let asked = 0;
  const server = require("node:http").createServer((req, res) => {
    res.statusCode = req.url === "/ready" && ++asked > ${notReady} ? 200 : 503;
    res.end();
  });
  server.listen(Number(process.env.PORT), process.env.HOST, () => console.log("listening on", process.env.PORT));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

const start = (program: string) =>
  startServiceProcess(process.execPath, ["-e", program], { env: {}, name: "the program" });

describe("startServiceProcess", () => {
  it("resolves once /ready answers 200, with the output so far, and stop() ends it with its exit code", async () => {
    const service = await start(server(2));
    try {
      expect(service.baseUrl).toBe(`http://127.0.0.1:${service.port}`);
      expect(service.output()).toContain(`listening on ${service.port}`);
      expect((await fetch(`${service.baseUrl}/ready`)).status).toBe(200);
    } finally {
      expect(await service.stop()).toBe(0);
    }
    expect(await service.exited).toBe(0);
  });

  it("fails with the output of a process that exits before it is ready", async () => {
    await expect(start(`console.error("no database here"); process.exit(3);`)).rejects.toThrow(
      /the program ended before \/ready answered 200 \(exit code 3\):\nno database here/,
    );
  });

  it("fails, and kills the process, when /ready does not answer 200 in time", async () => {
    let child: ChildProcess | undefined;
    const starting = startServiceProcess(process.execPath, ["-e", server(Infinity)], {
      env: {},
      name: "the program",
      readyTimeoutMs: 1_000,
      onSpawn: (spawned) => (child = spawned),
    });
    await expect(starting).rejects.toThrow(
      /the program's \/ready did not answer 200 within 1000 ms:\nlistening on \d+/,
    );
    expect(child?.signalCode).toBe("SIGKILL");
  });

  it("fails when the command cannot be started", async () => {
    await expect(startServiceProcess("/nonexistent/program", [], { env: {} })).rejects.toThrow(
      /the service ended before \/ready answered 200 \(not started: spawn \/nonexistent\/program ENOENT\)/,
    );
  });
});
