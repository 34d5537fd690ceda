/**
 * `text` with LIKE's wildcards (`%`, `_`) and its escape character taken literally, to be placed
 * inside a pattern: a search for "50%" finds "50%", not every "50".
 */
export function likeLiteral(text: string): string {
  return text.replaceAll(/[\\%_]/g, "\\$&");
}
