import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDirectory, SOCKET_FILE } from "./data-dir-lock.js";

const directories: string[] = [];
afterAll(() => directories.forEach((directory) => rmSync(directory, { recursive: true, force: true })));
function dataDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "posts-api-lock-"));
  directories.push(directory);
  return directory;
}
const lockFile = (directory: string) => join(directory, "service.lock");

/** A process that runs while the test needs it. */
async function runningProcess(): Promise<{ pid: number; stop(): void }> {
  const child = spawn("sleep", ["60"]);
  await once(child, "spawn");
  return { pid: child.pid!, stop: () => child.kill() };
}

describe.skipIf(process.platform !== "linux")("the lock on an embedded database directory", () => {
  it("refuses a directory whose holder runs, naming its process, and releases only its own lock", async () => {
    const directory = dataDirectory();
    const first = await lockDataDirectory(directory);
    const written = readFileSync(lockFile(directory), "utf8");
    await expect(lockDataDirectory(directory)).rejects.toThrow(
      `The embedded database in ${directory} is in use by process ${process.pid}`,
    );
    expect(readFileSync(lockFile(directory), "utf8")).toBe(written);
    first.release();
    expect(() => readFileSync(lockFile(directory))).toThrow(/ENOENT/);
  });

  it("takes over the lock of a holder that is gone, and removes it on release", async () => {
    const directory = dataDirectory();
    const gone = spawn("true");
    await once(gone, "exit");
    writeFileSync(lockFile(directory), `${gone.pid}\n${join(directory, "socket")}\n`);
    const lock = await lockDataDirectory(directory);
    expect(readFileSync(lockFile(directory), "utf8")).toMatch(new RegExp(`^${process.pid}\n\n[0-9a-f-]+:\\d+\n$`));
    lock.announce(join(directory, "socket"));
    expect(readFileSync(lockFile(directory), "utf8")).toMatch(
      new RegExp(`^${process.pid}\n${join(directory, "socket")}\n[0-9a-f-]+:\\d+\n$`),
    );
    lock.release();
    expect(() => readFileSync(lockFile(directory))).toThrow(/ENOENT/);
  });

  it("takes over a lock whose PID now belongs to a process that started after the holder", async () => {
    const directory = dataDirectory();
    const reused = await runningProcess();
    try {
      // As after a container's restart: the PID is alive, but not as the process that wrote the lock.
      const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
      writeFileSync(lockFile(directory), `${reused.pid}\n\n${bootId}:1\n`);
      const lock = await lockDataDirectory(directory);
      expect(readFileSync(lockFile(directory), "utf8")).toMatch(new RegExp(`^${process.pid}\n`));
      lock.release();
    } finally {
      reused.stop();
    }
  });

  it("refuses a lock without a start time whose PID runs", async () => {
    const directory = dataDirectory();
    const holder = await runningProcess();
    try {
      writeFileSync(lockFile(directory), `${holder.pid}\n\n`);
      await expect(lockDataDirectory(directory)).rejects.toThrow(
        `The embedded database in ${directory} is in use by process ${holder.pid}`,
      );
    } finally {
      holder.stop();
    }
  });

  it("refuses a holder this process cannot see (another PID namespace) that answers on its socket", async () => {
    const directory = dataDirectory();
    const socketDirectory = join(directory, "socket");
    mkdirSync(socketDirectory);
    const holder = createServer((connection) => connection.destroy()).listen(join(socketDirectory, SOCKET_FILE));
    await once(holder, "listening");
    try {
      writeFileSync(lockFile(directory), `1\n${socketDirectory}\nanother-boot:1\n`);
      await expect(lockDataDirectory(directory)).rejects.toThrow(
        `The embedded database in ${directory} is in use by process 1`,
      );
    } finally {
      holder.close();
    }
    // The socket is left behind by a holder that was killed: nothing answers on it any more.
    writeFileSync(join(socketDirectory, SOCKET_FILE), "");
    (await lockDataDirectory(directory)).release();
  });
});
