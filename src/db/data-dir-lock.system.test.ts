// Two processes starting at the same moment over the lock of a holder that was killed: exactly one
// of them may take the directory, or both would write the one embedded database.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "posts-api-lock-race-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Told "<directory> <time>", a racer waits until that moment, tries to take the directory, says
// "took" or "refused", and keeps what it took for as long as it runs.
const racerProgram = `
const { lockDataDirectory } = await import(${JSON.stringify(lockModule)});
const { createInterface } = await import("node:readline");
for await (const line of createInterface({ input: process.stdin })) {
  const [directory, at] = line.split(" ");
  while (Date.now() < Number(at));
  const outcome = await lockDataDirectory(directory).then(() => "took", (error) => error.name === "DataDirectoryInUseError" ? "refused" : String(error));
  process.stdout.write(outcome + "\\n");
}`;

function racer() {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", racerProgram], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    async race(directory: string, at: number): Promise<string> {
      child.stdin.write(`${directory} ${at}\n`);
      return String((await lines.next()).value);
    },
  };
}

it.skipIf(process.platform !== "linux")(
  "lets exactly one of two processes take over a killed holder's lock, in each of 20 races",
  async () => {
    const racers = [racer(), racer()];
    try {
      const killed = spawn("sleep", ["60"]);
      await once(killed, "spawn");
      killed.kill("SIGKILL");
      await once(killed, "exit");
      const outcomes: string[][] = [];
      for (let trial = 0; trial < 20; trial++) {
        const directory = mkdtempSync(join(root, "data-"));
        // As the killed holder left it: its process and the socket it served, both gone.
        writeFileSync(join(directory, "service.lock"), `${killed.pid}\n${join(directory, "socket")}\n`);
        const at = Date.now() + 300;
        outcomes.push((await Promise.all(racers.map((one) => one.race(directory, at)))).sort());
      }
      expect(outcomes).toEqual(Array.from({ length: 20 }, () => ["refused", "took"]));
    } finally {
      for (const { child } of racers) child.kill();
    }
  },
  120_000,
);
