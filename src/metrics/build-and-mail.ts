import { Gauge, type Registry } from "prom-client";
import packageJson from "../../package.json" with { type: "json" };
import type { ScrapedSources } from "./sources.js";

// A scrape must not hang on a database that does not answer.
const QUEUE_READ_TIMEOUT_MS = 2_000;

/**
 * Which build runs (a constant 1 with the version labels, as Prometheus' own `*_build_info`), and
 * the mail outbox's state, read from the database at scrape time.
 */
export function registerBuildAndMailMetrics(registers: Registry[], current: () => Partial<ScrapedSources>): void {
  new Gauge({
    name: "posts_api_build_info",
    help: "1, labelled with the service's version and the Node.js version running it",
    labelNames: ["version", "node_version"],
    registers,
  }).set({ version: packageJson.version, node_version: process.versions.node }, 1);

  const readOnce = async () => {
    const mailQueue = current().mailQueue;
    if (!mailQueue) return undefined;
    const timeout = new Promise<undefined>((resolve) =>
      setTimeout(() => resolve(undefined), QUEUE_READ_TIMEOUT_MS).unref(),
    );
    // No answer is no sample: the database's own gauge says it is away, a 0 here would say the queue is empty.
    return Promise.race([mailQueue().catch(() => undefined), timeout]);
  };
  // Both gauges are collected at once in a scrape: they share one query.
  let inFlight: ReturnType<typeof readOnce> | undefined;
  const read = () => (inFlight ??= readOnce().finally(() => (inFlight = undefined)));
  new Gauge({
    name: "posts_api_mail_queue_messages",
    help: "Mail in the outbox by status: pending (to send, or to retry) and failed (given up for good)",
    labelNames: ["status"],
    registers,
    async collect() {
      this.reset();
      const queue = await read();
      if (!queue) return;
      this.set({ status: "pending" }, queue.pending);
      this.set({ status: "failed" }, queue.failed);
    },
  });
  new Gauge({
    name: "posts_api_mail_queue_oldest_pending_age_seconds",
    help: "Seconds since the oldest pending mail was queued (0 with none pending)",
    registers,
    async collect() {
      this.reset();
      const queue = await read();
      if (queue) this.set(queue.oldestPendingAgeSeconds);
    },
  });
}
