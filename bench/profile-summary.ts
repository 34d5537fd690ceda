import { readFile } from "node:fs/promises";

// Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: self time per library
// or part of the service, and the functions with the most self time.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Milliseconds of samples that were not idle. */
  busyMs: number;
  /** Milliseconds covered by the samples kept. */
  windowMs: number;
  /** Self time: where the CPU was when sampled. */
  categories: { name: string; ms: number }[];
  /** Time with at least one frame of the category on the stack (synchronous callers only). */
  onStack: { name: string; ms: number }[];
  functions: { name: string; ms: number }[];
}

/**
 * Which samples to keep, in milliseconds before the end of the profile (the process's exit):
 * the measured load only, not start-up, warm-up or shutdown.
 */
export interface Window {
  fromMsBeforeEnd: number;
  toMsBeforeEnd: number;
}

const CATEGORIES: [string, RegExp][] = [
  [
    "logging: morgan, winston",
    /node_modules\/(morgan|winston|winston-transport|logform|triple-beam|@colors|colors|safe-stable-stringify|fecha|readable-stream|@dabh|one-time|fn\.name|kuler|stack-trace|text-hex|enabled)\/|dist\/logging\/logger\.js/,
  ],
  [
    "better-auth (session lookup, cookies)",
    /node_modules\/(better-auth|@better-auth|better-call|jose|@noble|defu|rou3|uncrypto|nanostores|@standard-schema)\//,
  ],
  ["zod validation", /node_modules\/zod\//],
  ["drizzle (query building, row mapping)", /node_modules\/drizzle-orm\//],
  [
    "pg driver (protocol, type parsing)",
    /node_modules\/(pg|pg-protocol|pg-types|pg-pool|pg-connection-string|postgres-array|postgres-date|postgres-interval|postgres-bytea|pgpass|split2)\//,
  ],
  ["PGlite (PostgreSQL in WASM)", /node_modules\/@electric-sql\/pglite\//],
  [
    "express and its middleware (cors, helmet, rate limit)",
    /node_modules\/(express|router|body-parser|send|serve-static|finalhandler|qs|content-type|content-disposition|type-is|accepts|mime-types|mime-db|negotiator|cookie|cookie-signature|on-finished|on-headers|statuses|http-errors|depd|path-to-regexp|parseurl|proxy-addr|forwarded|ipaddr\.js|fresh|range-parser|vary|encodeurl|escape-html|etag|merge-descriptors|debug|ms|iconv-lite|raw-body|safer-buffer|cors|object-assign|helmet|express-rate-limit|media-typer|side-channel[^/]*|get-intrinsic|call-bind[^/]*|es-[^/]*|has-[^/]*|function-bind|gopd|hasown|dunder-proto|math-intrinsics|object-inspect|inherits|setprototypeof|toidentifier|unpipe|bytes|ee-first|once|wrappy|is-promise|router)\//,
  ],
  [
    "fastify",
    /node_modules\/(fastify|@fastify|avvio|find-my-way|light-my-request|fast-json-stringify|fast-querystring|fast-uri|pino|pino-std-serializers|abstract-logging|toad-cache|rfdc|secure-json-parse|process-warning|fast-decode-uri-component|json-schema-ref-resolver|ret|safe-regex2|semver|cookie|fastq|reusify|real-require|thread-stream|sonic-boom|on-exit-leak-free|atomic-sleep|quick-format-unescaped)\//,
  ],
  ["tsx loader (baselines' start-up)", /node_modules\/(tsx|esbuild|get-tsconfig|resolve-pkg-maps)\//],
  ["service code (dist/)", /\/dist\//],
  ["baseline code (bench/baselines)", /\/bench\/baselines\//],
  ["other node_modules", /node_modules\//],
  ["node internals (http, net, streams, timers)", /^node:/],
];

/**
 * Categories for the on-stack view: libraries that do a piece of work and return. Express, its
 * middleware and the service's own middleware call `next()`, so everything after them in the chain
 * runs on their stack: their on-stack time would say nothing.
 */
const ON_STACK_CATEGORIES = new Set([
  "logging: morgan, winston",
  "better-auth (session lookup, cookies)",
  "zod validation",
  "drizzle (query building, row mapping)",
  "pg driver (protocol, type parsing)",
  "PGlite (PostgreSQL in WASM)",
]);

function categoryOf(frame: ProfileNode["callFrame"]): string {
  const { functionName, url } = frame;
  if (functionName === "(idle)" || functionName === "(root)") return functionName;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "V8 (program: compiling, runtime)";
  if (!url) return "native built-ins (JSON, crypto, regexp, ...)";
  // morgan's middleware only calls next(); its line is written later, from logRequest.
  if (functionName === "logger" && /node_modules\/morgan\//.test(url))
    return "express and its middleware (cors, helmet, rate limit)";
  return CATEGORIES.find(([, pattern]) => pattern.test(url))?.[0] ?? "other";
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) return url.slice(modules + "node_modules/".length);
  const dist = url.lastIndexOf("/dist/");
  if (dist !== -1) return url.slice(dist + 1);
  const bench = url.lastIndexOf("/bench/");
  return bench !== -1 ? url.slice(bench + 1) : url;
}

export async function summarizeProfile(file: string, window?: Window): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  // Sample i was taken at startTime + the sum of the first i+1 deltas (microseconds).
  const from = window ? profile.endTime - window.fromMsBeforeEnd * 1000 : -Infinity;
  const to = window ? profile.endTime - window.toMsBeforeEnd * 1000 : Infinity;
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  let windowMs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    windowMs += delta / 1000;
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });

  const stackCategories = new Map<number, Set<string>>();
  const categoriesOnStack = (id: number): Set<string> => {
    let found = stackCategories.get(id);
    if (!found) {
      const parent = parentOf.get(id);
      found = new Set(parent === undefined ? [] : categoriesOnStack(parent));
      found.add(categoryOf(byId.get(id)!.callFrame));
      stackCategories.set(id, found);
    }
    return found;
  };

  const categories = new Map<string, number>();
  const onStack = new Map<string, number>();
  const functions = new Map<string, number>();
  let busyMs = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    const category = categoryOf(frame);
    if (category === "(idle)") continue;
    busyMs += ms;
    categories.set(category, (categories.get(category) ?? 0) + ms);
    for (const name of categoriesOnStack(id)) onStack.set(name, (onStack.get(name) ?? 0) + ms);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : "(native)"}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return {
    busyMs,
    windowMs,
    categories: sorted(categories),
    onStack: sorted(onStack).filter((c) => ON_STACK_CATEGORIES.has(c.name)),
    functions: sorted(functions).slice(0, 20),
  };
}
