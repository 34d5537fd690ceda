import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { adminQuery, withDatabase } from "./databases.js";
import { poll } from "./poll.js";
import { type ServiceProcess, startNpmStart } from "./service-process.js";

// The service as operators run it: `npm start` (the built dist/, which the test run's global
// set-up builds), stopped by SIGTERM sent to the npm process as a container runtime or a
// supervisor does, while clients keep sending requests over keep-alive connections, as a load
// balancer does.

const serverUrl = process.env.TEST_DATABASE_URL;

type Outcome =
  | {
      kind: "complete";
      status: number;
      path: string;
      startedAt: number;
      endedAt: number;
      connection: string | undefined;
    }
  | {
      kind: "refused" | "reset-before-response" | "reset-mid-response";
      path: string;
      startedAt: number;
      endedAt: number;
      code?: string;
    };

function startService(databaseUrl: string): Promise<ServiceProcess> {
  return startNpmStart(
    {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "shutdown-test-secret-of-at-least-32-characters",
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "info",
    },
    // Its own process group, so that clean-up reaches a service that npm might leave behind.
    { detached: true },
  );
}

/** One request; tells a complete response from a refused connection and from a reset before or during the response. */
function send(
  port: number,
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  const startedAt = performance.now();
  return new Promise<Outcome & { body?: unknown; setCookie?: string[] }>((resolve) => {
    let responded = false;
    const req = request(
      { host: "127.0.0.1", port, method, path, agent, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        responded = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            resolve({
              kind: "reset-mid-response",
              path,
              startedAt,
              endedAt: performance.now(),
              code: "truncated-body",
            });
            return;
          }
          resolve({
            kind: "complete",
            status: res.statusCode!,
            path,
            startedAt,
            endedAt: performance.now(),
            connection: res.headers.connection,
            body: parsed,
            setCookie: res.headers["set-cookie"],
          });
        });
        res.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ kind: "reset-mid-response", path, startedAt, endedAt: performance.now(), code: error.code }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (responded) return;
      const kind = error.code === "ECONNREFUSED" ? "refused" : "reset-before-response";
      resolve({ kind, path, startedAt, endedAt: performance.now(), code: error.code });
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Opens a live notification stream; resolves, once its headers arrive, to how its response finishes. */
function openNotificationStream(port: number, cookie: string) {
  return new Promise<{ finished: Promise<"ended" | "reset"> }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/api/v2/notifications/", headers: { cookie, accept: "text/event-stream" } },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.resume();
        const finished = new Promise<"ended" | "reset">((done) => {
          res.on("end", () => done("ended"));
          res.on("error", () => done("reset"));
        });
        resolve({ finished });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function shutDownUnderLoad(databaseUrl: string) {
  const service = await startService(databaseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const email = `shutdown-${randomUUID()}@example.com`;
    const password = "correct horse battery";
    const signUp = await send(
      service.port,
      agent,
      "POST",
      "/api/auth/sign-up/email",
      {},
      { name: "Shutdown", email, password },
    );
    expect(signUp.kind === "complete" && signUp.status, service.output()).toBe(200);
    const cookie = signUp.setCookie!.find((c) => c.includes("session_token="))!.split(";")[0]!;

    // Reads, writes, and sign-ins (a deliberately slow password hash) keep requests in flight.
    const mix = [
      () => send(service.port, agent, "GET", "/api/posts?limit=50"),
      () =>
        send(
          service.port,
          agent,
          "POST",
          "/api/posts",
          { cookie },
          { title: "Shutdown load", content: "Written while the service stops." },
        ),
      () => send(service.port, agent, "POST", "/api/auth/sign-in/email", {}, { email, password }),
      () => send(service.port, agent, "GET", "/health"),
    ];
    const outcomes: Outcome[] = [];
    const worker = async (n: number) => {
      for (let i = n; ; i++) {
        const outcome = await mix[i % mix.length]!();
        outcomes.push(outcome);
        // Once the service refuses connections, it is gone for this client too.
        if (outcome.kind !== "complete") return;
      }
    };
    const workers = Array.from({ length: 16 }, (_, n) => worker(n));
    // A live stream never ends by itself: the service must end it for its drain to complete.
    const stream = await openNotificationStream(service.port, cookie);
    // The load in full flow before the signal: twice as many answers as workers.
    await poll(
      () => outcomes.length,
      (answered) => answered >= 2 * workers.length,
    );

    const signalledAt = performance.now();
    service.process.kill("SIGTERM");
    const exitCode = await service.exited;
    const exitedAfterMs = performance.now() - signalledAt;
    // npm exited 0 and the port is closed: the service itself is gone, not only the npm process.
    expect(exitCode, service.output()).toBe(0);
    const afterExit = await send(service.port, new Agent(), "GET", "/health");
    expect(afterExit.kind).toBe("refused");
    await Promise.all(workers);

    const count = (kind: Outcome["kind"]) => outcomes.filter((o) => o.kind === kind).length;
    const drained = outcomes.filter(
      (o) => o.kind === "complete" && o.startedAt < signalledAt && o.endedAt > signalledAt,
    );
    const toldToClose = outcomes.filter((o) => o.kind === "complete" && o.connection === "close");
    const summary = {
      complete: count("complete"),
      refused: count("refused"),
      resetBeforeResponse: count("reset-before-response"),
      resetMidResponse: count("reset-mid-response"),
      drainedInFlightAtSignal: drained.length,
      answeredWithConnectionClose: toldToClose.length,
      exitedAfterMs: Math.round(exitedAfterMs),
      exitCode,
    };
    console.info("shutdown summary", JSON.stringify(summary));

    expect(service.output()).toContain("Shut down cleanly");
    expect(await stream.finished).toBe("ended");
    const failures = outcomes.filter((o) => o.kind !== "complete" && o.kind !== "refused");
    expect(failures).toEqual([]);
    expect(count("refused")).toBe(16);
    expect(outcomes.filter((o) => o.kind === "complete" && o.status >= 500)).toEqual([]);
    expect(drained.length).toBeGreaterThan(0);
    // Draining answers say `Connection: close`, so clients move off before the connection closes.
    expect(toldToClose.length).toBeGreaterThan(0);
    expect(exitedAfterMs).toBeLessThan(5_000);
  } finally {
    agent.destroy();
    try {
      process.kill(-service.process.pid!, "SIGKILL");
    } catch {
      // The group is already gone: everything exited.
    }
  }
}

describe("graceful shutdown on SIGTERM", () => {
  it("npm start answers every request in flight, refuses new connections and exits 0 (embedded database)", async () => {
    await shutDownUnderLoad("pglite:memory");
  }, 120_000);

  describe.skipIf(!serverUrl)("on PostgreSQL", () => {
    const name = `posts_api_shutdown_${randomUUID().replaceAll("-", "")}`;
    afterAll(async () => {
      await adminQuery(serverUrl!, `drop database if exists "${name}" with (force)`);
    });

    it("npm start answers every request in flight, refuses new connections and exits 0", async () => {
      await adminQuery(serverUrl!, `create database "${name}"`);
      await shutDownUnderLoad(withDatabase(serverUrl!, name));
    }, 120_000);
  });
});
