import { useState } from "preact/hooks";
import { ApiFailure, type Failure } from "./api.js";
import { FailureNote } from "./load.js";

/**
 * A write a button starts: busy while it runs, then what it did or why not (a 409's own message,
 * such as the last ADMIN's protection), announced to screen readers.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ done?: string; failure?: Failure }>({});
  const run = async (write: () => Promise<unknown>, done: string, after?: () => void) => {
    setBusy(true);
    setOutcome({});
    try {
      await write();
      setOutcome({ done });
      after?.();
    } catch (error) {
      setOutcome({ failure: error instanceof ApiFailure ? error.failure : { kind: "failed", message: String(error) } });
    } finally {
      setBusy(false);
    }
  };
  const note = outcome.failure ? (
    <FailureNote failure={outcome.failure} />
  ) : outcome.done ? (
    <p role="status">{outcome.done}</p>
  ) : null;
  return {
    busy,
    run: (write: () => Promise<unknown>, done: string, after?: () => void) => void run(write, done, after),
    note,
  };
}
