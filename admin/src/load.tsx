import { useEffect, useState } from "preact/hooks";
import { ApiFailure, type Failure } from "./api.js";
import { Link } from "./router.js";

interface Loaded<T> {
  data?: T;
  failure?: Failure;
  loading: boolean;
  at?: Date;
  reload: () => void;
}

function failureFrom(error: unknown): Failure {
  return error instanceof ApiFailure ? error.failure : { kind: "failed", message: String(error) };
}

/**
 * Loads a screen's data again whenever `key` changes, on `reload()`, and every `pollMs` when given
 * (what keeps the dashboard, the posts and the audit trail current without a reload); a poll
 * keeps what is shown while it runs.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, pollMs?: number): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, "reload">>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false, at: new Date() }),
      (error: unknown) => current && setState({ failure: failureFrom(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  useEffect(() => {
    if (!pollMs) return;
    const timer = setInterval(() => setRound((n) => n + 1), pollMs);
    return () => clearInterval(timer);
  }, [pollMs, key]);
  return { ...state, reload: () => setRound((n) => n + 1) };
}

/** What a screen shows while it has no data: loading, refused, missing, or failed with a retry. */
export function Status({ loaded }: { loaded: Pick<Loaded<unknown>, "failure" | "loading" | "reload"> }) {
  const { failure } = loaded;
  if (!failure) return loaded.loading ? <p role="status">Loading…</p> : null;
  return <FailureNote failure={failure} retry={loaded.reload} />;
}

export function FailureNote({ failure, retry }: { failure: Failure; retry?: () => void }) {
  switch (failure.kind) {
    case "signed-out":
      return (
        <p role="alert">
          Your session has ended. <a href="/admin/">Sign in again</a>.
        </p>
      );
    case "forbidden":
      return <p role="alert">Not allowed: your roles do not give access to this (403).</p>;
    case "not-found":
      return (
        <p role="alert">
          Not found: it may have been deleted. <Link to="/">Back to the dashboard</Link>
        </p>
      );
    default:
      return (
        <p role="alert">
          {failure.message}.{" "}
          {retry && (
            <button type="button" onClick={retry}>
              Retry
            </button>
          )}
        </p>
      );
  }
}

/** The time of the last load and a button to load again: the live screens' visible refresh. */
export function Freshness({ loaded }: { loaded: Pick<Loaded<unknown>, "at" | "loading" | "reload"> }) {
  return (
    <p class="freshness">
      <span aria-live="polite">
        {loaded.loading ? "Refreshing…" : loaded.at ? `Updated ${loaded.at.toLocaleTimeString()}` : ""}
      </span>{" "}
      <button type="button" onClick={loaded.reload}>
        Refresh
      </button>
    </p>
  );
}
