import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import type { Agent } from "node:http";
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Builds dist/ as `npm start` would, when a source is newer (the test run's global set-up did already). */
export function buildApp(): void {
  execFileSync(process.execPath, [`${root}scripts/build.ts`, "--if-stale"], { cwd: root, stdio: "pipe" });
}

export interface Instance {
  readonly port: number;
  readonly address: string;
  /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
  output(): string;
}

/** `node dist/main.js` on 127.0.0.1:`port`; resolves once its /ready answers 200. */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child: ChildProcess = spawn(process.execPath, ["dist/main.js"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const instance: Instance = {
    port,
    address: `127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    output: () => output,
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode}):\n${output}`);
    const ready = await send(`http://${instance.address}`, "GET", "/ready");
    if (ready.status === 200) return instance;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`instance on ${port} never became ready:\n${output}`);
    }
    await sleep(100);
  }
}

export interface Answer {
  status?: number;
  /** The network error instead of an answer (refused, reset, ...). */
  error?: string;
  body?: { [key: string]: unknown };
  headers: Record<string, string | string[] | undefined>;
}

/** One request; a network error is an answer too, so a test can count it. */
export function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      new URL(path, baseUrl),
      {
        method,
        agent: options.agent ?? false,
        headers: { "content-type": "application/json", ...options.headers },
        timeout: 30_000,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let body: Answer["body"];
          try {
            body = JSON.parse(text);
          } catch {
            body = { unparsed: text };
          }
          resolve({ status: res.statusCode, body, headers: res.headers });
        });
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, headers: {} }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, headers: {} }));
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

/** The `name=value` of the session cookie an answer set. */
export function sessionCookie(answer: Answer): string {
  const setCookie = answer.headers["set-cookie"];
  const cookies = Array.isArray(setCookie) ? setCookie : [];
  const session = cookies.find((cookie) => /^(__Secure-)?auth\.session_token=/.test(cookie));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(answer)}`);
  return session.split(";")[0]!;
}
