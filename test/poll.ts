import { setTimeout as sleep } from "node:timers/promises";

/**
 * Asks `look` every `everyMs` until `done` accepts its answer or `withinMs` has passed, and returns
 * the last answer. A test waits for the event it needs instead of a guess at how long it takes;
 * when the event never comes, the caller's assertion on the answer fails.
 */
export async function poll<T>(
  look: () => T | Promise<T>,
  done: (answer: T) => boolean,
  { withinMs = 10_000, everyMs = 20 } = {},
): Promise<T> {
  const deadline = performance.now() + withinMs;
  let answer = await look();
  while (!done(answer) && performance.now() < deadline) {
    await sleep(everyMs);
    answer = await look();
  }
  return answer;
}
