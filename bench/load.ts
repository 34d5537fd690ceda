import autocannon from "autocannon";
import type { RequestSpec } from "./scenarios.js";

export interface Load {
  connections: number;
  duration: number;
  warmup: number;
  /** Instead of running for `duration`: send this many requests on each connection, then stop (--smoke). */
  requestsPerConnection?: number;
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
  /** Wall-clock bounds of the measured run (Date.now()), to cut a CPU profile to it. */
  startedAt: number;
  endedAt: number;
}

/** One request, to check the route before loading it: its status and body. */
export async function probe(baseUrl: string, spec: RequestSpec): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${spec.path}`, {
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

/** A short unmeasured run (JIT, pools and caches warm), then the measured one. */
export async function measure(baseUrl: string, spec: RequestSpec, load: Load): Promise<Measurement> {
  const options = {
    url: `${baseUrl}${spec.path}`,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: load.connections,
    timeout: 10,
  };
  if (load.warmup > 0) await autocannon({ ...options, duration: load.warmup });
  const startedAt = Date.now();
  const result = await autocannon(
    load.requestsPerConnection
      ? // autocannon notices the last answer on its next sample: sampling often ends the run at once.
        { ...options, amount: load.requestsPerConnection * load.connections, sampleInt: 50 }
      : { ...options, duration: load.duration },
  );
  const endedAt = Date.now();
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
    startedAt,
    endedAt,
  };
}
