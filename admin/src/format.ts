/** An instant as the reader's local date and time, to the minute. */
export function formatTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** A person as the console names them: name and email, or what is left of an account since deleted. */
export function formatPerson(person: { name?: string | null; email?: string | null }, fallback = "unknown"): string {
  if (person.name && person.email) return `${person.name} <${person.email}>`;
  return person.name ?? person.email ?? fallback;
}
