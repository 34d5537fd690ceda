/**
 * Everything the benchmark starts (processes, databases, temporary folders) registers how to undo
 * it here; undo runs in reverse order at the end, on an error, and on Ctrl-C or SIGTERM, so no run
 * leaves a server listening or a database behind.
 */
type Undo = () => Promise<void> | void;

const undos: { label: string; undo: Undo }[] = [];
let running: Promise<void> | undefined;

/** Registers an undo step; the returned function runs it early (and only once) and forgets it. */
export function onCleanup(label: string, undo: Undo): () => Promise<void> {
  const entry = { label, undo };
  undos.push(entry);
  return async () => {
    const index = undos.indexOf(entry);
    if (index === -1) return;
    undos.splice(index, 1);
    await entry.undo();
  };
}

/** Runs every registered undo step, newest first; a failing step is reported and the others still run. */
export function cleanUpAll(): Promise<void> {
  running ??= (async () => {
    while (undos.length > 0) {
      const { label, undo } = undos.pop()!;
      try {
        await undo();
      } catch (error) {
        console.error(`cleanup: ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return running;
}

/** Ctrl-C, SIGTERM and uncaught errors clean up before the process exits. */
export function cleanUpOnExit(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping every process the benchmark started`);
      void cleanUpAll().finally(() => process.exit(130));
    });
  }
  process.once("uncaughtException", (error) => {
    console.error(error);
    void cleanUpAll().finally(() => process.exit(1));
  });
}
