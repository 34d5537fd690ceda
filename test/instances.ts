import { execFileSync } from "node:child_process";
import type { Agent } from "node:http";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { SERVICE_HOST, type ServiceProcess, startServiceProcess } from "./service-process.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Builds dist/ as `npm start` would, when a source is newer (the test run's global set-up did already). */
export function buildApp(): void {
  execFileSync(process.execPath, [`${root}scripts/build.ts`, "--if-stale"], { cwd: root, stdio: "pipe" });
}

export interface Instance extends ServiceProcess {
  /** `127.0.0.1:<port>`, as a balancer's configuration names it. */
  readonly address: string;
}

/** `node dist/main.js` on 127.0.0.1:`port`; resolves once its /ready answers 200. */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const service = await startServiceProcess(process.execPath, ["dist/main.js"], {
    env: { PATH: process.env.PATH ?? "", ...env },
    port,
    name: `the instance on ${port}`,
  });
  return { ...service, address: `${SERVICE_HOST}:${port}` };
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
