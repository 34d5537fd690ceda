import type { Config } from "../config.js";
import type { ServiceMetrics } from "./sources.js";

/** The service's metrics when METRICS_PORT is set; prom-client is loaded only then. */
export async function loadMetrics(config: Pick<Config, "metrics">): Promise<ServiceMetrics | undefined> {
  if (config.metrics === undefined) return undefined;
  const { createServiceMetrics } = await import("./prometheus.js");
  return createServiceMetrics();
}
