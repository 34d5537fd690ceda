import autocannon from "autocannon";
import { type CpuReading, cpuPerRequest } from "./processes.js";
import type { RuntimeWindow } from "./runtime-probe.js";
import type { HttpRequest, RequestSpec } from "./scenarios.js";

/** A server to load: its address, and its memory, CPU and runtime when it is a process the benchmark started. */
export interface Target {
  baseUrl: string;
  rssMb?(): number | undefined;
  cpu?(): Promise<CpuReading | undefined>;
  runtime?(): Promise<RuntimeWindow | undefined>;
}

export interface Load {
  connections: number;
  duration: number;
  warmup: number;
  /** Instead of running for `duration`: send this many requests on each connection, then stop (--smoke). */
  requestsPerConnection?: number;
  /** Requests per second over all connections (--rate); as fast as the server answers without it. */
  rate?: number;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Connection errors, resets and timeouts. */
  errors: number;
  /** Status codes seen other than 2xx, e.g. "429×12". */
  otherStatuses: string;
  /** The server's resident memory (MB) after the warm-up and after the measured run. */
  rssAfterWarmup?: number;
  rssAfter?: number;
  /** CPU time per request (µs) in the measured run: the process's, and its PostgreSQL backends'. */
  cpuUsPerRequest?: number;
  databaseCpuUsPerRequest?: number;
  /** The event loop's delay beyond its timer (p99, ms) and garbage collection per request (µs), measured run only. */
  loopDelayP99Ms?: number;
  gcUsPerRequest?: number;
  /** KB the JavaScript heap allocated per request (runtime-probe.ts): what the collector has to clear. */
  allocatedKbPerRequest?: number;
  /** KB per request the young collections promoted to the old generation (runtime-probe.ts). */
  promotedKbPerRequest?: number;
  /** Wall-clock bounds of the measured run (Date.now()), to cut a CPU profile to it. */
  startedAt: number;
  endedAt: number;
}

/** One request, to check the route before loading it: its status and body. */
export async function probe(baseUrl: string, spec: RequestSpec): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${spec.path}`, {
    method: spec.method,
    headers: withCookie(spec, spec.cookies?.[0]),
    body: spec.body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

/** A short unmeasured run (JIT, pools and caches warm), then the measured one. */
export async function measure(target: Target, spec: RequestSpec, load: Load): Promise<Measurement> {
  const options = {
    url: `${target.baseUrl}${spec.path}`,
    ...requestsOf(spec),
    connections: load.connections,
    timeout: 10,
    overallRate: load.rate,
  };
  if (load.warmup > 0) await autocannon({ ...options, duration: load.warmup });
  const rssAfterWarmup = target.rssMb?.();
  await target.runtime?.();
  const cpuBefore = await target.cpu?.();
  const startedAt = Date.now();
  const result = await autocannon(
    load.requestsPerConnection
      ? // autocannon notices the last answer on its next sample: sampling often ends the run at once.
        { ...options, amount: load.requestsPerConnection * load.connections, sampleInt: 50 }
      : { ...options, duration: load.duration },
  );
  const endedAt = Date.now();
  const cpu = cpuPerRequest(cpuBefore, await target.cpu?.(), result.requests.total);
  const runtime = await target.runtime?.();
  const rssAfter = target.rssMb?.();
  const otherStatuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, stats]) => `${code}×${stats.count ?? 0}`)
    .join(" ");
  return {
    // A run of a fixed number of requests ends between autocannon's one-second samples.
    requestsPerSecond: load.requestsPerConnection ? result.requests.total / result.duration : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.resets,
    otherStatuses,
    rssAfterWarmup,
    rssAfter,
    cpuUsPerRequest: cpu?.processUs,
    databaseCpuUsPerRequest: cpu?.databaseUs,
    loopDelayP99Ms: runtime?.loopDelayP99Ms,
    gcUsPerRequest: runtime && result.requests.total > 0 ? (runtime.gcMs * 1000) / result.requests.total : undefined,
    allocatedKbPerRequest:
      runtime && result.requests.total > 0 ? runtime.allocatedBytes / 1024 / result.requests.total : undefined,
    promotedKbPerRequest:
      runtime && result.requests.total > 0 ? runtime.promotedBytes / 1024 / result.requests.total : undefined,
    startedAt,
    endedAt,
  };
}

/**
 * autocannon's request options for the spec: one fixed request, or, with sessions in turn or a mix,
 * each request built as it is sent (every connection takes the next turn of one shared counter).
 */
function requestsOf(spec: RequestSpec): Partial<autocannon.Options> {
  const { cookies, mix } = spec;
  if (!cookies && !mix) return { method: spec.method, headers: spec.headers, body: spec.body };
  let turn = 0;
  const setupRequest = (request: autocannon.Request): autocannon.Request => {
    const n = turn++;
    const chosen: HttpRequest = mix && n % mix.every === mix.every - 1 ? mix.request : spec;
    const cookie = cookies?.[n % cookies.length];
    return {
      ...request,
      method: chosen.method,
      path: chosen.path,
      headers: withCookie(chosen, cookie),
      body: chosen.body,
    };
  };
  return { requests: [{ setupRequest }] };
}

function withCookie(request: HttpRequest, cookie: string | undefined): Record<string, string> | undefined {
  return cookie === undefined ? request.headers : { ...request.headers, cookie };
}
