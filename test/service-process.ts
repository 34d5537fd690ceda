import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * A program of the built dist/ (`main.js`, `cli/users.js`, `db/migrate-cli.js`), which the npm
 * scripts run and the test run's global set-up builds: started with node, it is ready in a fraction
 * of the time tsx takes to compile the sources on each start.
 */
export function builtProgram(name: string): string {
  return join(root, "dist", name);
}

// How long a service may take to start: `npm start` may first build dist/, on a busy machine.
const START_TIMEOUT_MS = 60_000;

export interface ServiceProcess {
  process: ChildProcess;
  port: number;
  /** Everything it wrote so far, standard output and error together. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts the service as its own process, on a free port of 127.0.0.1, and resolves once it logs
 * that it listens; fails with its output when it exits before that or takes too long.
 */
export async function startServiceProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined>; detached?: boolean },
): Promise<ServiceProcess> {
  const port = await freePort();
  if (port === undefined) throw new Error("no free port on 127.0.0.1");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...options.env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached,
  });
  let output = "";
  const exited = once(child, "exit").then(([code]) => code as number | null);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The service did not listen within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes("Listening on")) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The service exited before listening:\n${output}`));
    });
  });
  return { process: child, port, output: () => output, exited };
}

/**
 * `npm start` in the repository, as operators run it (the built dist/, which the test run's global
 * set-up builds), with only PATH and HOME of this process's environment besides `env`.
 */
export function startNpmStart(
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): Promise<ServiceProcess> {
  // The npm that runs this suite (npm test, npx vitest), else the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli, "start"]] : ["npm", ["start"]];
  return startServiceProcess(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    detached: options.detached,
  });
}
