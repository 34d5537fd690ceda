import { text } from "node:stream/consumers";

/** A usage mistake the operator can fix: printed as it is, exit code 1. */
export class PasswordInputError extends Error {}

// Nobody types or pipes a password longer than this; a larger input is a mistake (the wrong file).
const MAX_PASSWORD_BYTES = 4096;
const CTRL_C = "\u0003";
const CTRL_D = "\u0004";
const BACKSPACE = new Set(["\u007f", "\b"]);

export interface PasswordSource {
  /** The value of --password: visible to other local users and echoed by npm, kept for scripts. */
  password: string | undefined;
  passwordStdin: boolean | undefined;
}

/**
 * The password from --password, from standard input (--password-stdin, as `docker login`), or
 * typed at a hidden prompt when standard input is a terminal and neither flag is given.
 */
export async function readPassword({ password, passwordStdin }: PasswordSource): Promise<string> {
  if (password !== undefined && passwordStdin)
    throw new PasswordInputError("Use either --password or --password-stdin, not both");
  if (password !== undefined) return password;
  if (passwordStdin) {
    if (process.stdin.isTTY)
      throw new PasswordInputError("--password-stdin reads a pipe or a file, not the terminal: drop it to be prompted");
    const input = await text(process.stdin);
    if (Buffer.byteLength(input) > MAX_PASSWORD_BYTES)
      throw new PasswordInputError("The password on standard input is too long");
    // One trailing line break is the end of the line, not part of the password.
    return input.replace(/\r?\n$/, "");
  }
  if (!process.stdin.isTTY) {
    throw new PasswordInputError(
      "No password given: pipe it in with --password-stdin, or run the command in a terminal to be prompted",
    );
  }
  const first = await promptHidden("Password: ");
  const second = await promptHidden("Repeat the password: ");
  if (first !== second) throw new PasswordInputError("The passwords do not match");
  return first;
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the prompt shows: whatever is typed once it shows is never displayed.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (key === CTRL_C || key === CTRL_D) return finish(new PasswordInputError("Cancelled"));
        if (key === "\r" || key === "\n") return finish();
        if (BACKSPACE.has(key)) typed = [...typed].slice(0, -1).join("");
        else if (typed.length < MAX_PASSWORD_BYTES) typed += key;
      }
    };
    stdin.on("data", onData);
  });
}
