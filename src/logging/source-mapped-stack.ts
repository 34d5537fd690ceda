import { existsSync, readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// A frame's place in a JavaScript file: `file:///.../dist/main.js:4:120` or `/.../x.js:4:120`.
const FRAME_PLACE = /((?:file:\/\/)?\/[^\s():]+\.js):(\d+):(\d+)/g;
// One map per bundle file: dist/ has about ten. Past this, frames are left as they are.
const MAX_MAPS = 64;
const maps = new Map<string, SourceMap | undefined>();

/**
 * A stack trace whose frames in the built bundle point back at `src/`, read from the bundle's
 * source maps the first time such a frame is logged. `node --enable-source-maps` would map every
 * trace too, but it holds every loaded module's text from the start: 8-10 MB of the service's
 * memory after start, for traces that a healthy service rarely logs. Frames without a map (Node's
 * own, a dependency's place in the bundle) stay as they are.
 */
export function sourceMappedStack(stack: string): string {
  return stack.replace(FRAME_PLACE, (place, file: string, line: string, column: string) => {
    const path = file.startsWith("file://") ? fileURLToPath(file) : file;
    const entry = mapOf(path)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !("originalSource" in entry)) return place;
    const source = entry.originalSource.startsWith("file://")
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(path), entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

function mapOf(path: string): SourceMap | undefined {
  if (maps.has(path)) return maps.get(path);
  if (maps.size >= MAX_MAPS) return undefined;
  const mapPath = `${path}.map`;
  let map: SourceMap | undefined;
  try {
    map = existsSync(mapPath)
      ? new SourceMap(JSON.parse(readFileSync(mapPath, "utf8")) as SourceMapPayload)
      : undefined;
  } catch {
    map = undefined;
  }
  maps.set(path, map);
  return map;
}
