import type { ServiceMetrics } from "../src/metrics/sources.js";

/** The samples of one metric family in Prometheus' text format, each as its label text and value. */
export function samples(exposition: string, name: string): { labels: string; value: number }[] {
  return exposition
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const at = line.lastIndexOf(" ");
      return { labels: line.slice(name.length, at), value: Number(line.slice(at + 1)) };
    });
}

/** The value of one series (`labels` as the exposition writes them, `""` for none); undefined when absent. */
export function valueOf(exposition: string, name: string, labels = ""): number | undefined {
  return samples(exposition, name).find((sample) => sample.labels === labels)?.value;
}

/** `metrics` served on a loopback port of its own, and a scrape of it as Prometheus makes one. */
export async function scraped(
  metrics: ServiceMetrics,
): Promise<{ scrape: () => Promise<string>; close: () => Promise<void> }> {
  const listening = await metrics.listen(0, "127.0.0.1");
  return {
    scrape: async () => (await fetch(`http://127.0.0.1:${listening.port}/metrics`)).text(),
    close: () => listening.close(),
  };
}
