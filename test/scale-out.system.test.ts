import { randomBytes, randomUUID } from "node:crypto";
import { Agent } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminQuery, withDatabase } from "./databases.js";
import { type Balancer, findHaproxy, startHaproxy } from "./haproxy.js";
import { type Answer, buildApp, type Instance, send, sessionCookie, startInstance } from "./instances.js";
import { poll } from "./poll.js";
import { freePortsIn } from "./ports.js";

// Two instances of the built service (`node dist/main.js`) on one PostgreSQL database and one
// Redis, behind HAProxy configured by deploy/haproxy.cfg, the file compose.yaml uses.
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxyMissing = findHaproxy() === undefined;
// CI installs haproxy (.ci/run): there a missing haproxy fails the file instead of skipping it.
const skipReason = !serverUrl
  ? "needs TEST_DATABASE_URL (the instances share one PostgreSQL database)"
  : haproxyMissing && process.env.CI !== "true"
    ? "haproxy is not installed (Debian: apt-get install haproxy)"
    : undefined;
if (skipReason) console.info(`two instances behind HAProxy: skipped, ${skipReason}`);

const AUTH_LIMIT = 4;

describe.skipIf(skipReason !== undefined)("two instances behind HAProxy", () => {
  const instances: Instance[] = [];
  let balancer: Balancer;
  let instanceEnv: Record<string, string>;
  let databaseName: string | undefined;

  beforeAll(async () => {
    buildApp();
    const [listenPort, statsPort, ...instancePorts] = await freePortsIn(4, 3400, 3499);
    databaseName = `posts_api_scale_${randomUUID().replaceAll("-", "")}`;
    const template = new URL(inject("templateDatabaseUrl")!).pathname.slice(1);
    await adminQuery(serverUrl!, `create database "${databaseName}" template "${template}"`);
    instanceEnv = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      BETTER_AUTH_URL: `http://127.0.0.1:${listenPort}`,
      DATABASE_URL: withDatabase(serverUrl!, databaseName),
      DATABASE_POOL_MAX: "4",
      // The balancer is on the loopback: the client's address is the one it adds to X-Forwarded-For.
      TRUST_PROXY: "loopback",
      RATE_LIMIT_ENABLED: "true",
      // Long enough for the balancer to see /ready fail (deploy/haproxy.cfg) before the port closes.
      SHUTDOWN_DELAY_MS: "2000",
      RATE_LIMIT_AUTH: String(AUTH_LIMIT),
      RATE_LIMIT_GLOBAL: "100000",
      LOG_LEVEL: "warn",
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    instances.push(...(await Promise.all(instancePorts.map((port) => startInstance(port, instanceEnv)))));
    balancer = await startHaproxy({
      listenPort: listenPort!,
      statsPort: statsPort!,
      instances: [instances[0]!.address, instances[1]!.address],
    });
    await Promise.all(["app1", "app2"].map((server) => balancer.waitUntilUp(server)));
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    if (databaseName) await adminQuery(serverUrl!, `drop database if exists "${databaseName}" with (force)`);
  });

  /** A unique client address for the rate limiters, as the balancer would pass it on. */
  const client = () => ({
    "x-forwarded-for": `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`,
  });

  async function signUpThroughBalancer(): Promise<{ id: string; cookie: string }> {
    const email = `scale-${randomUUID()}@example.com`;
    const answer = await send(balancer.url, "POST", "/api/auth/sign-up/email", {
      headers: { origin: balancer.url, ...client() },
      body: { name: "Scale Out", email, password: "correct horse battery" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { id: (answer.body!.user as { id: string }).id, cookie: sessionCookie(answer) };
  }

  it("accepts a session made through the balancer on each instance", async () => {
    const user = await signUpThroughBalancer();
    for (const instance of instances) {
      const profile = await send(`http://${instance.address}`, "GET", "/api/profile", {
        headers: { cookie: user.cookie },
      });
      expect(profile.status).toBe(200);
      expect((profile.body!.user as { id: string }).id).toBe(user.id);
    }
    // A post written on one instance is read on the other: one database.
    const [first, second] = instances.map((instance) => `http://${instance.address}`);
    const created = await send(first!, "POST", "/api/posts", {
      headers: { cookie: user.cookie },
      body: { title: "Shared", content: "One database." },
    });
    expect(created.status).toBe(201);
    const read = await send(second!, "GET", `/api/posts/${(created.body!.post as { id: string }).id}`, {
      headers: { cookie: user.cookie },
    });
    expect(read.status).toBe(200);
  });

  it("keeps a session on the instance that started it, and spreads requests without one", async () => {
    const user = await signUpThroughBalancer();
    const before = await balancer.requestsPerServer();
    for (let i = 0; i < 6; i++)
      expect((await send(balancer.url, "GET", "/api/profile", { headers: { cookie: user.cookie } })).status).toBe(200);
    const withSession = await balancer.requestsPerServer();
    const sent = ["app1", "app2"].map((server) => withSession[server]! - before[server]!).sort();
    expect(sent).toEqual([0, 6]);
    for (let i = 0; i < 6; i++) expect((await send(balancer.url, "GET", "/api/posts")).status).toBe(200);
    const after = await balancer.requestsPerServer();
    expect(["app1", "app2"].map((server) => after[server]! - withSession[server]!)).toEqual([3, 3]);
  });

  it.skipIf(!redisUrl)("counts a client's requests on every instance against one limit (Redis)", async () => {
    const address = client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_LIMIT + 2; attempt++) {
      const instance = instances[attempt % 2]!;
      const answer = await send(`http://${instance.address}`, "POST", "/api/auth/sign-in/email", {
        headers: { origin: balancer.url, ...address },
        body: { email: `nobody-${randomUUID()}@example.com`, password: "wrong password" },
      });
      statuses.push(answer.status!);
      if (answer.status === 429) {
        expect(answer.body).toMatchObject({ code: "rate_limited" });
        expect(answer.headers["retry-after"]).toBeDefined();
      }
    }
    // Each instance saw three attempts, under the limit of four: only shared counters refuse two.
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429, 429]);
  });

  it("loses no request while each instance in turn is stopped by SIGTERM and started again", async () => {
    const user = await signUpThroughBalancer();
    const post = await send(balancer.url, "POST", "/api/posts", {
      headers: { cookie: user.cookie },
      body: { title: "Steady", content: "Read under steady load." },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const postId = (post.body!.post as { id: string }).id;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const requests: (() => Promise<Answer>)[] = [
      () => send(balancer.url, "GET", "/api/posts", { agent }),
      () => send(balancer.url, "GET", `/api/posts/${postId}`, { agent, headers: { cookie: user.cookie } }),
      () => send(balancer.url, "GET", "/api/profile", { agent, headers: { cookie: user.cookie } }),
      () =>
        send(balancer.url, "POST", "/api/posts", {
          agent,
          headers: { cookie: user.cookie },
          body: { title: "Under load", content: "Written during a restart." },
        }),
      () => send(balancer.url, "GET", "/api/v2/posts/?page_size=5", { agent }),
    ];
    const answers: Answer[] = [];
    let loading = true;
    const worker = async (n: number) => {
      for (let i = n; loading; i++) answers.push(await requests[i % requests.length]!());
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    try {
      for (const [index, server] of ["app1", "app2"].entries()) {
        const stopping = instances[index]!;
        expect(await stopping.stop(), stopping.output()).toBe(0);
        instances[index] = await startInstance(stopping.port, instanceEnv);
        // Ready is not enough: the balancer must have seen it, or the next stop leaves no instance up.
        await balancer.waitUntilUp(server);
      }
      // The load goes on for a hundred answers more once both instances are back.
      const settled = answers.length;
      const answered = () => answers.length;
      expect(await poll(answered, (count) => count >= settled + 100, { withinMs: 30_000 })).toBeGreaterThanOrEqual(
        settled + 100,
      );
    } finally {
      loading = false;
      await Promise.all(workers);
      agent.destroy();
    }
    const failed = answers.filter(
      (a) => a.status === undefined || ((a.status < 200 || a.status > 299) && a.status !== 429),
    );
    console.info("rolling restart", JSON.stringify({ requests: answers.length, failed: failed.length }));
    expect(
      failed.map((a) => a.error ?? `${a.status} ${JSON.stringify(a.body)}`),
      balancer.output(),
    ).toEqual([]);
    expect(answers.length).toBeGreaterThan(200);
  }, 120_000);

  it("answers in JSON, like the service, when no instance is up", async () => {
    const [listenPort, statsPort, ...closed] = await freePortsIn(4, 3400, 3499);
    const alone = await startHaproxy({
      listenPort: listenPort!,
      statsPort: statsPort!,
      instances: [`127.0.0.1:${closed[0]}`, `127.0.0.1:${closed[1]}`],
    });
    try {
      const answer = await send(alone.url, "GET", "/api/posts");
      expect(answer.status).toBe(503);
      expect(answer.headers["content-type"]).toBe("application/json");
      expect(answer.body).toEqual({
        error: "No instance is available, try again shortly",
        code: "service_unavailable",
      });
    } finally {
      await alone.stop();
    }
  });
});
