import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import type { DrizzleDb } from "../db/client.js";
import { users } from "../db/schema.js";
import type { Mailer } from "../mail/mailer.js";

interface MailQueuing {
  failure?: unknown;
}

const queuing = new AsyncLocalStorage<MailQueuing>();

/**
 * The mailer as better-auth calls it. better-auth catches a mail callback's failure, logs it and
 * answers as if the mail were on its way; the failure is kept for the request instead, so that
 * `answeredOnceMailQueued` can turn the answer into the failure.
 */
export function failureKeepingMailer(mailer: Mailer): Pick<Mailer, "queue" | "available"> {
  return {
    get available() {
      return mailer.available;
    },
    queue: async (...args) => {
      try {
        await mailer.queue(...args);
      } catch (error) {
        const request = queuing.getStore();
        if (request && !("failure" in request)) request.failure = error;
        throw error;
      }
    },
  };
}

/**
 * Runs a better-auth request, then throws the first mail it could not queue: its answer would tell
 * the client a mail is coming when none is stored. `undo` takes back what the answer would have
 * confirmed, before the failure is thrown.
 */
export async function answeredOnceMailQueued<T>(
  handle: () => Promise<T>,
  undo: (answer: T) => Promise<void> | undefined = () => undefined,
): Promise<T> {
  const request: MailQueuing = {};
  const answer = await queuing.run(request, handle);
  if (!("failure" in request)) return answer;
  await undo(answer);
  throw request.failure;
}

/**
 * Deletes the account a sign-up answer names, with its credentials and session. For an address
 * already taken, better-auth answers with a made-up id that names no row, so no other account goes.
 */
export async function forgetSignedUpUser(db: DrizzleDb, answer: Response): Promise<void> {
  const body: unknown = await answer
    .clone()
    .json()
    .catch(() => undefined);
  const id = (body as { user?: { id?: unknown } } | undefined)?.user?.id;
  if (typeof id === "string") await db.delete(users).where(eq(users.id, id));
}
