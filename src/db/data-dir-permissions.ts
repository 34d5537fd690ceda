import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

// The data directory holds every password hash and session token in plain pages (and in the
// WAL): it is the service's user's alone, as PostgreSQL insists for its own. PGlite writes the
// files of a new cluster readable and writable by all, and its relation cache file readable by all
// whatever the umask, so the modes are set here rather than left to it.
/**
 * Takes every permission of the group and of other users from the directory and everything in it
 * (a file PGlite made 0666 becomes 0600, a folder 0755 becomes 0700).
 * Symbolic links are left alone (chmod would follow them out of the directory). Answers how many
 * entries it changed.
 */
export function makeDataDirectoryPrivate(directory: string): number {
  const entries = ["", ...readdirSync(directory, { recursive: true, encoding: "utf8" })];
  let changed = 0;
  for (const entry of entries) {
    const path = join(directory, entry);
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      // Removed since the listing (PostgreSQL replaces some files as it runs).
      continue;
    }
    if ((stat.mode & 0o077) === 0 || stat.isSymbolicLink()) continue;
    chmodSync(path, stat.mode & 0o700);
    changed++;
  }
  return changed;
}
