import { readdirSync, rmSync } from "node:fs";
import { constants } from "node:os";
import { basename, dirname, join } from "node:path";

// `.NAME.<pid>.partial`: a backup being written by process <pid>, renamed to NAME once complete.
const PARTIAL = /^\..+\.(\d+)\.partial$/;
const STOPPING_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Where a backup to `out` is written until complete: in the same folder, named after this process. */
export function partialPathOf(out: string): string {
  return join(dirname(out), `.${basename(out)}.${process.pid}.partial`);
}

/**
 * Removes the partial files in `folder` left by backups whose process no longer runs (killed
 * before they could clean up): they hold password hashes and sessions. A file whose process still
 * runs is another backup in progress, and stays.
 */
export function removeStalePartials(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = PARTIAL.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(join(folder, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Until the returned function is called, a stopping signal removes `path` before the process ends
 * with the signal's usual exit status; errors are the writer's own to clean up.
 */
export function removeOnSignal(path: string): () => void {
  const stop = (signal: NodeJS.Signals) => {
    rmSync(path, { force: true });
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of STOPPING_SIGNALS) process.on(signal, stop);
  return () => {
    for (const signal of STOPPING_SIGNALS) process.off(signal, stop);
  };
}
