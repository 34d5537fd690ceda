import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

// PGlite is one process's database: two processes writing one directory each keep their own view
// of it in memory, and the second one's writes are lost or corrupt the first's. The file names
// the process that holds the directory and, once it serves the database, where to reach it.
const LOCK_FILE = "service.lock";

/** The name a PostgreSQL client looks for in a socket directory (its `host`) for port 5432. */
export const SOCKET_FILE = ".s.PGSQL.5432";

// How long a holder's socket may take to accept a connection before it counts as alive anyway:
// only a refused connection proves that nobody listens.
const SOCKET_PROBE_MS = 2_000;

// A process that finds another taking over the same stale lock waits this long, then looks again.
const TAKE_OVER_RETRY_MS = 20;
const TAKE_OVER_ATTEMPTS = 100;

export interface DataDirectoryHolder {
  pid: number;
  /** The directory of the holder's Unix socket (a PostgreSQL client's `host`), once it serves one. */
  socketDirectory: string | undefined;
  /** When the process started (see processStart), where the system says; empty elsewhere. */
  started: string;
}

export class DataDirectoryInUseError extends Error {
  override name = "DataDirectoryInUseError";
  constructor(directory: string, holder: DataDirectoryHolder) {
    super(`The embedded database in ${directory} is in use by process ${holder.pid}`);
  }
}

export interface DataDirectoryLock {
  /** Records where this process serves the database, for other processes to find. */
  announce(socketDirectory: string): void;
  release(): void;
}

/**
 * Takes the directory for this process, or throws DataDirectoryInUseError naming the live holder.
 * A lock left behind by a process that is gone (killed, crashed, the machine or container
 * restarted) is taken over, even when a new process now has its PID.
 */
export async function lockDataDirectory(directory: string): Promise<DataDirectoryLock> {
  const path = join(directory, LOCK_FILE);
  const started = processStart("self");
  for (let attempt = 0; ; attempt++) {
    // Written whole under another name, then linked into place: link fails if the lock exists,
    // and a reader never sees a half-written file.
    const draft = `${path}.${process.pid}`;
    writeFileSync(draft, describeHolder(undefined, started), { mode: 0o600 });
    try {
      linkSync(draft, path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= TAKE_OVER_ATTEMPTS) throw error;
      const judged = readLock(path);
      const holder = await findDataDirectoryHolder(directory);
      if (holder) throw new DataDirectoryInUseError(directory, holder);
      if (judged !== undefined && takeOver(path, judged, draft, started)) break;
      await delay(TAKE_OVER_RETRY_MS);
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return {
    announce: (socketDirectory) => {
      const draft = `${path}.${process.pid}`;
      writeFileSync(draft, describeHolder(socketDirectory, started), { mode: 0o600 });
      renameSync(draft, path);
    },
    release: () => {
      const holder = readHolder(path);
      if (holder?.pid === process.pid && holder.started === started) rmSync(path, { force: true });
    },
  };
}

/**
 * Puts this process's lock in place of the stale one it judged, unless another process took the
 * directory meanwhile. Two processes may find the same stale lock at once: only the one that
 * creates the take-over marker (exclusively) may replace it, and it replaces only the lock it
 * judged, so the other one, coming next, finds the new holder alive.
 */
function takeOver(path: string, judged: string, draft: string, started: string): boolean {
  const marker = `${path}.takeover`;
  try {
    writeFileSync(marker, describeHolder(undefined, started), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another process is taking over now; or it died doing so, and its marker must not block for ever.
    const other = readHolder(marker);
    if (other && !isRunning(other)) rmSync(marker, { force: true });
    return false;
  }
  try {
    if (readLock(path) !== judged) return false;
    renameSync(draft, path);
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}

/** The live process holding the directory, if any (a lock whose process is gone counts as none). */
export async function findDataDirectoryHolder(directory: string): Promise<DataDirectoryHolder | undefined> {
  const holder = readHolder(join(directory, LOCK_FILE));
  if (!holder) return undefined;
  // Either proof will do: a holder whose socket file was deleted still runs, and one in another
  // PID namespace (another container on the same volume) answers on its socket.
  const alive = isRunning(holder) || (holder.socketDirectory !== undefined && (await answers(holder.socketDirectory)));
  return alive ? holder : undefined;
}

function describeHolder(socketDirectory: string | undefined, started: string): string {
  return `${process.pid}\n${socketDirectory ?? ""}\n${started}\n`;
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function readHolder(path: string): DataDirectoryHolder | undefined {
  const text = readLock(path);
  if (text === undefined) return undefined;
  const [pid, socketDirectory, started] = text.split("\n");
  if (!/^\d+$/.test(pid ?? "")) return undefined;
  return { pid: Number(pid), socketDirectory: socketDirectory || undefined, started: started ?? "" };
}

/**
 * Whether the holder's process still runs. A PID alone cannot tell: a container restarted after a
 * crash runs its new service under the PID of the old one (a fresh PID namespace counts from 1
 * again), and any system reuses PIDs in time. So the process must also have started when the
 * holder did.
 */
function isRunning(holder: DataDirectoryHolder): boolean {
  if (holder.started) return processStart(holder.pid) === holder.started;
  // Where the system does not say when a process started: the PID has to do.
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When a process started, as "<boot id>:<clock ticks since boot>" from Linux's /proc (the boot id
 * tells apart equal tick counts of two boots); empty where there is no such /proc, or no such process.
 */
function processStart(pid: number | "self"): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may itself hold spaces; the
    // start time is the 22nd field of the line, the 20th after the name.
    const ticks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return ticks ? `${boot}:${ticks}` : "";
  } catch {
    return "";
  }
}

/** Whether something accepts connections on the holder's socket; only a refusal or no socket at all says no. */
function answers(socketDirectory: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(join(socketDirectory, SOCKET_FILE));
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(SOCKET_PROBE_MS, () => done(true));
    socket.once("connect", () => done(true));
    socket.once("error", (error: NodeJS.ErrnoException) =>
      done(!["ECONNREFUSED", "ENOENT", "ENOTDIR"].includes(error.code ?? "")),
    );
  });
}
