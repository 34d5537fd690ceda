import { useEffect, useState } from "preact/hooks";

/** Every screen's URL is under /admin/; the service answers each with this page. */
export const BASE = "/admin";

const listeners = new Set<() => void>();

/** Goes to a console path (`/users?role=ADMIN`) without reloading, as a link would. */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, "", BASE + path);
  else history.pushState(null, "", BASE + path);
  for (const listener of listeners) listener();
}

/** The console path (`/users/…`) and its query of the current location. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((version) => version + 1);
    listeners.add(changed);
    addEventListener("popstate", changed);
    return () => {
      listeners.delete(changed);
      removeEventListener("popstate", changed);
    };
  }, []);
  const path = location.pathname.slice(BASE.length).replace(/\/$/, "") || "/";
  return { path, query: new URLSearchParams(location.search) };
}

/** A real link (it opens in a new tab, and a screen reader reads it as one) that navigates in place. */
export function Link({
  to,
  children,
  class: className,
}: {
  to: string;
  children: preact.ComponentChildren;
  class?: string;
}) {
  return (
    <a
      href={BASE + to}
      class={className}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
