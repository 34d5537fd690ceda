import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * What a stalled part (a replica, Redis) costs the requests that start once the service has
 * noticed the stall: the first deadline it missed is the price of noticing and is left out, so
 * what remains is what every later request pays for the part being sick. Figures only, printed
 * for the notes: a machine shared with other builds makes any bound on them flaky.
 */
export interface TimedRequest {
  /** When it was sent (Date.now(), comparable with the log's timestamps). */
  startedAt: number;
  ms: number;
  status: number;
}

export async function timed(send: () => Promise<{ status: number }>): Promise<TimedRequest> {
  const startedAt = Date.now();
  const start = performance.now();
  const { status } = await send();
  return { startedAt, ms: performance.now() - start, status };
}

/** When a log entry (winston's ISO `timestamp`) was written, as Date.now() counts. */
export function loggedAt(entry: Record<string, unknown> | undefined): number {
  if (typeof entry?.timestamp !== "string") throw new Error("no such log entry, or one without a timestamp");
  return Date.parse(entry.timestamp);
}

/**
 * Starts timing this process's pauses (collections, or the machine's cores busy elsewhere), in
 * which no request moves whatever the stalled part does; the call it returns stops and gives the
 * longest, in ms.
 */
export function longestPause(): () => number {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  delays.enable();
  return () => {
    delays.disable();
    return Math.round(delays.max / 1e6);
  };
}

/** The value `share` (0.5, 0.99) of the requests took at most. */
function quantile(requests: TimedRequest[], share: number): number {
  const sorted = requests.map((request) => request.ms).sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN);
}

/**
 * One line for the notes: the slowest request started after `noticedAt`, against the median and
 * the slowest before the stall (what the machine itself adds: on a shared machine its pauses reach
 * hundreds of milliseconds with no stall at all), the slowest overall (which includes the first
 * deadline), and the longest pause of the process, in which no request moved at all.
 */
export function stallFigures(
  part: string,
  normal: TimedRequest[],
  during: TimedRequest[],
  noticedAt: number,
  pauseMs: number,
): string {
  const after = during.filter((request) => request.startedAt > noticedAt);
  const seconds = (requests: TimedRequest[]) =>
    Math.round((Math.max(...requests.map((r) => r.startedAt + r.ms)) - requests[0]!.startedAt) / 1000);
  const spread = (requests: TimedRequest[]) =>
    `median ${quantile(requests, 0.5)} ms, p99 ${quantile(requests, 0.99)} ms, slowest ${quantile(requests, 1)} ms (${requests.length} requests)`;
  return (
    `stalled ${part} for ${seconds(during)} s: after the first deadline ${spread(after)}; ` +
    `before the stall (${seconds(normal)} s) ${spread(normal)}; slowest overall ${quantile(during, 1)} ms; ` +
    `longest pause of the process throughout ${pauseMs} ms`
  );
}
