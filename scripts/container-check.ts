// Checks a running container of the production image as an operator's runtime sees it, then
// stops it the way the runtime does (SIGTERM to the container's first process, `npm start`):
//
//   node scripts/container-check.ts [--crash] CONTAINER BASE_URL
//
// Fails (exit 1) unless: /health and /ready answer 200; a sign-up and a post work; the service
// runs as a user other than root; the app directory is read-only and .data/ writable; and on
// SIGTERM every request in flight is answered, the container exits 0 and the port closes.
// With --crash, instead of the stop: the container is killed (SIGKILL, as an OOM kill or a lost
// host does) and started again, and it must serve the same data: a dead process's lock on the
// embedded database must not keep its successor out, though both had the same PID.
import { execFileSync } from "node:child_process";

const crash = process.argv[2] === "--crash";
const [container = "", baseUrl = ""] = process.argv.slice(crash ? 3 : 2);
if (!container || !baseUrl) throw new Error("usage: node scripts/container-check.ts [--crash] CONTAINER BASE_URL");
const origin = new URL(baseUrl).origin;
const LOAD_CLIENTS = 8;
const LOAD_BEFORE_SIGNAL_MS = 1_500;

function docker(...args: string[]): string {
  return execFileSync("docker", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`container check failed: ${what}`);
  console.log(`ok - ${what}`);
}

async function call(method: string, path: string, body?: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await call("GET", "/ready").then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    if (docker("inspect", "-f", "{{.State.Running}}", container) !== "true") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the container did not become ready:\n${docker("logs", container)}`);
}

async function checkService(): Promise<{ cookie: string; email: string; password: string }> {
  check((await call("GET", "/health")).status === 200, "GET /health answers 200");
  check((await call("GET", "/ready")).status === 200, "GET /ready answers 200");
  const email = `container-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const signUp = await call("POST", "/api/auth/sign-up/email", { name: "Container", email, password });
  check(signUp.status === 200, `sign-up answers 200 (got ${signUp.status})`);
  const cookie =
    signUp.headers
      .getSetCookie()
      .find((c) => c.includes("session_token="))
      ?.split(";")[0] ?? "";
  const post = await call(
    "POST",
    "/api/posts",
    { title: "From the container", content: "Written through the image." },
    cookie,
  );
  check(post.status === 201, `creating a post answers 201 (got ${post.status})`);
  return { cookie, email, password };
}

function checkFilesystem(): void {
  check(docker("exec", container, "id", "-u") !== "0", "the service runs as a user other than root");
  const canWrite = (path: string) => {
    try {
      docker("exec", container, "touch", path);
      return true;
    } catch {
      return false;
    }
  };
  check(!canWrite("/app/dist/main.js") && !canWrite("/app/written-by-service"), "the app directory is read-only");
  check(canWrite("/app/.data/written-by-service"), "the data volume .data/ is writable");
}

/** Clients keep requests in flight; SIGTERM to the container; every request must end in a response or a refused connection. */
async function checkDrain(session: { cookie: string; email: string; password: string }): Promise<void> {
  let stopped = false;
  const failures: string[] = [];
  let answered = 0;
  let signalledAt = Number.POSITIVE_INFINITY;
  let inFlightAtSignal = 0;
  const mix = [
    () => call("GET", "/api/posts?limit=50"),
    () =>
      call(
        "POST",
        "/api/posts",
        { title: "During shutdown", content: "Sent while the service stops." },
        session.cookie,
      ),
    () => call("POST", "/api/auth/sign-in/email", { email: session.email, password: session.password }),
  ];
  const client = async (n: number) => {
    for (let i = n; !stopped; i++) {
      try {
        const startedAt = Date.now();
        const res = await mix[i % mix.length]!();
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`status ${res.status}`);
        answered++;
        if (startedAt < signalledAt && Date.now() > signalledAt) inFlightAtSignal++;
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === "ECONNREFUSED") return;
        failures.push(code ?? String(error));
        return;
      }
    }
  };
  const clients = Array.from({ length: LOAD_CLIENTS }, (_, n) => client(n));
  await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGNAL_MS));
  signalledAt = Date.now();
  docker("kill", "--signal", "TERM", container);
  const exitCode = docker("wait", container);
  const exitedAfterMs = Date.now() - signalledAt;
  stopped = true;
  await Promise.all(clients);
  console.log(
    `drain: ${answered} answered (${inFlightAtSignal} in flight at SIGTERM), ${failures.length} failed, exited ${exitedAfterMs} ms after SIGTERM with ${exitCode}`,
  );
  check(inFlightAtSignal > 0, "requests were in flight when SIGTERM was sent");
  check(failures.length === 0, `no request failed while draining (${failures.join(", ") || "none"})`);
  check(exitCode === "0", "the container exits 0 on SIGTERM");
  const afterExit = await call("GET", "/health").then(
    () => "answered",
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
  check(afterExit === "ECONNREFUSED", "the port is closed after exit");
  const logs = execFileSync("sh", ["-c", 'docker logs "$0" 2>&1', container], { encoding: "utf8" });
  check(!logs.includes("Requests still running"), "no request was cut at the grace deadline");
  // A log collector reads every line of the container's output as JSON: npm's banner included.
  const notJson = logs
    .split("\n")
    .filter((line) => line.trim() !== "")
    .filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
  check(notJson.length === 0, `every line of the output is JSON (not: ${notJson.slice(0, 3).join(" | ") || "none"})`);
}

/** SIGKILL, start again: the same account signs in and finds its post. */
async function checkCrashRestart(session: { email: string; password: string }): Promise<void> {
  docker("kill", "--signal", "KILL", container);
  docker("wait", container);
  docker("start", container);
  await waitUntilReady();
  const signIn = await call("POST", "/api/auth/sign-in/email", session);
  check(signIn.status === 200, `after SIGKILL and a new start, the same account signs in (got ${signIn.status})`);
  const posts = (await (await call("GET", "/api/posts?limit=50")).json()) as { posts: { title: string }[] };
  check(
    posts.posts.some((post) => post.title === "From the container"),
    "the post written before the crash is there",
  );
}

await waitUntilReady();
const session = await checkService();
if (crash) {
  await checkCrashRestart(session);
} else {
  checkFilesystem();
  await checkDrain(session);
}
