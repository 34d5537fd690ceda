import { existsSync, readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { basename, dirname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// A frame line's place, at its end: `    at f (file:///app/dist/main.js:4:120)` or `    at /app/dist/x.js:4:120`.
const FRAME_PLACE = /((?:file:\/\/)?\/[^\s()]+\.js):(\d+):(\d+)(\)?)$/;
// Longer lines are not frames Node wrote (a message can hold anything): they are left as they are,
// and so is everything past the first frames, which bounds the work of one trace.
const MAX_FRAME_LINE = 1_000;
const MAX_FRAMES = 50;

/** The built bundle's folder (`dist/`) when this module runs from it; undefined when run from `src/`. */
function bundleFolderOf(modulePath: string): string | undefined {
  for (let dir = dirname(modulePath); dir !== dirname(dir); dir = dirname(dir))
    if (basename(dir) === "dist") return dir;
  return undefined;
}

const OWN_BUNDLE = bundleFolderOf(fileURLToPath(import.meta.url));
// One per bundle file that has a map: the folder's own files bound it.
const maps = new Map<string, SourceMap>();

/**
 * A stack trace whose frames in the built bundle point back at `src/`, read from the bundle's
 * source maps the first time such a frame is logged. `node --enable-source-maps` maps each frame's
 * place the same way, but it holds every loaded module's text from the start: 8-10 MB of the
 * service's memory after start, for traces a healthy service rarely logs. Only frame lines are read
 * and only files inside the bundle's folder are mapped; anything else (the message, Node's own
 * frames, a place in a dependency) stays as it is, and a frame that cannot be mapped is left as written.
 */
export function sourceMappedStack(stack: string, bundleFolder: string | undefined = OWN_BUNDLE): string {
  if (bundleFolder === undefined) return stack;
  let frames = 0;
  return stack
    .split("\n")
    .map((line) => {
      if (!line.startsWith("    at ") || line.length > MAX_FRAME_LINE || ++frames > MAX_FRAMES) return line;
      const place = FRAME_PLACE.exec(line);
      if (!place) return line;
      const mapped = originalPlace(bundleFolder, place[1]!, Number(place[2]), Number(place[3]));
      return mapped === undefined ? line : `${line.slice(0, place.index)}${mapped}${place[4]}`;
    })
    .join("\n");
}

function originalPlace(bundleFolder: string, file: string, line: number, column: number): string | undefined {
  try {
    // Normalised first: `dist/../node_modules/...` starts with the folder's name but is not in it.
    const path = resolve(file.startsWith("file://") ? fileURLToPath(file) : file);
    if (!path.startsWith(resolve(bundleFolder) + sep)) return undefined;
    const entry = mapOf(path)?.findEntry(line - 1, column - 1);
    if (!entry || !("originalSource" in entry) || !entry.originalSource) return undefined;
    const source = entry.originalSource.startsWith("file://")
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(path), entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  } catch {
    return undefined;
  }
}

function mapOf(path: string): SourceMap | undefined {
  const known = maps.get(path);
  if (known) return known;
  const mapPath = `${path}.map`;
  if (!existsSync(mapPath)) return undefined;
  const map = new SourceMap(JSON.parse(readFileSync(mapPath, "utf8")) as SourceMapPayload);
  maps.set(path, map);
  return map;
}
