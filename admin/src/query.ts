/** A screen's filters as a query string: empty values left out, so a link names only what is set. */
export function toQuery(filters: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === "") continue;
    params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The named filters read from a query string; absent ones are empty strings, as a form field is. */
export function fromQuery<K extends string>(query: URLSearchParams, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, query.get(name)?.trim() ?? ""])) as Record<K, string>;
}

/** A page number from the query, 1 when absent or not a positive whole number. */
export function pageOf(query: URLSearchParams): number {
  const page = Number(query.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A date-time field's value (`2026-11-28T07:05`, the browser's local time) as the instant the API
 * takes, or undefined when empty or not a date.
 */
export function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
