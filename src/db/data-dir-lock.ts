import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// PGlite is one process's database: two processes writing one directory each keep their own view
// of it in memory, and the second one's writes are lost or corrupt the first's. The file names
// the process that holds the directory and, once it serves the database, where to reach it.
const LOCK_FILE = "service.lock";

export interface DataDirectoryHolder {
  pid: number;
  /** The directory of the holder's Unix socket (a PostgreSQL client's `host`), once it serves one. */
  socketDirectory: string | undefined;
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
 * A lock left behind by a process that is gone (killed, crashed, the machine restarted) is taken over.
 */
export function lockDataDirectory(directory: string): DataDirectoryLock {
  const path = join(directory, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    // Written whole under another name, then linked into place: link fails if the lock exists,
    // and a reader never sees a half-written file.
    const draft = `${path}.${process.pid}`;
    writeFileSync(draft, describeHolder(undefined), { mode: 0o600 });
    try {
      linkSync(draft, path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const holder = findDataDirectoryHolder(directory);
      if (holder) throw new DataDirectoryInUseError(directory, holder);
      rmSync(path, { force: true });
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return {
    announce: (socketDirectory) => {
      const draft = `${path}.${process.pid}`;
      writeFileSync(draft, describeHolder(socketDirectory), { mode: 0o600 });
      renameSync(draft, path);
    },
    release: () => {
      if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}

/** The live process holding the directory, if any (a lock whose process is gone counts as none). */
export function findDataDirectoryHolder(directory: string): DataDirectoryHolder | undefined {
  const holder = readHolder(join(directory, LOCK_FILE));
  return holder && isAlive(holder.pid) ? holder : undefined;
}

function describeHolder(socketDirectory: string | undefined): string {
  return `${process.pid}\n${socketDirectory ?? ""}\n`;
}

function readHolder(path: string): DataDirectoryHolder | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const [pid, socketDirectory] = text.split("\n");
  if (!/^\d+$/.test(pid ?? "")) return undefined;
  return { pid: Number(pid), socketDirectory: socketDirectory || undefined };
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
