/**
 * Preloaded (`node --import`) into every process the benchmark measures: on each SIGUSR2 it writes
 * the event loop's delay and the time spent in garbage collection since the previous SIGUSR2 to
 * BENCH_RUNTIME_FILE, then starts counting afresh. Nothing else in the process changes, and nothing
 * runs without the variable.
 */
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { GCProfiler, getHeapStatistics } from "node:v8";

export interface RuntimeWindow {
  /** Increases with every write, so the reader knows the file is the answer to its own signal. */
  sequence: number;
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  gcMs: number;
  gcCount: number;
  /**
   * Bytes the JavaScript heap allocated in the window: what it holds now, less what it held at the
   * start, plus what each collection freed. Unlike time, it does not grow when other processes
   * compete for the cores, so it compares two builds on a busy machine.
   */
  allocatedBytes: number;
  /**
   * Bytes the young-generation collections moved to the old generation: objects that outlived two
   * of them. A request's objects normally die young; what is promoted per request must later be
   * cleared by a full collection, the costly kind. A lower bound: the old generation's growth over
   * each scavenge, less anything swept during it.
   */
  promotedBytes: number;
}

const file = process.env.BENCH_RUNTIME_FILE;
/** The histogram times a timer of this period; what it records beyond the period is the delay. */
const RESOLUTION_MS = 10;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let gcMs = 0;
  let gcCount = 0;
  let sequence = 0;
  let usedAtStart = getHeapStatistics().used_heap_size;
  let profiler = new GCProfiler();
  profiler.start();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcCount += 1;
    }
  }).observe({ entryTypes: ["gc"] });
  const delayMs = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
  process.on("SIGUSR2", () => {
    sequence += 1;
    const collections = profiler.stop()?.statistics ?? [];
    const usedNow = getHeapStatistics().used_heap_size;
    const freed = collections.reduce(
      (sum, gc) => sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
      0,
    );
    const window: RuntimeWindow = {
      sequence,
      loopDelayP50Ms: delayMs(delay.percentile(50)),
      loopDelayP99Ms: delayMs(delay.percentile(99)),
      loopDelayMaxMs: delayMs(delay.max),
      gcMs: Math.round(gcMs * 100) / 100,
      gcCount,
      allocatedBytes: usedNow - usedAtStart + freed,
      promotedBytes: collections
        .filter((gc) => gc.gcType === "Scavenge")
        .reduce((sum, gc) => sum + Math.max(0, oldSpaceUsed(gc.afterGC) - oldSpaceUsed(gc.beforeGC)), 0),
    };
    writeFileSync(file, JSON.stringify(window));
    delay.reset();
    gcMs = 0;
    gcCount = 0;
    usedAtStart = usedNow;
    profiler = new GCProfiler();
    profiler.start();
  });
}

// Where a scavenge puts what it promotes: the old space, and the large-object space for big objects.
function oldSpaceUsed(at: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] }): number {
  return at.heapSpaceStatistics
    .filter((space) => space.spaceName === "old_space" || space.spaceName === "large_object_space")
    .reduce((sum, space) => sum + space.spaceUsedSize, 0);
}
