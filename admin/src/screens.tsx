import { Dashboard } from "./dashboard.js";
import type { Me } from "./session.js";

/** The screen a console path names. */
export function screenFor(path: string, _query: URLSearchParams, _me: NonNullable<Me>) {
  switch (path) {
    case "/":
      return <Dashboard />;
    default:
      return (
        <p role="alert">
          No such screen: <code>{path}</code>
        </p>
      );
  }
}
