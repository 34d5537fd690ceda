import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import * as z from "zod";
import { roleSchema } from "../roles.js";
import { ConfigError, loadConfig } from "../config.js";
import { DataDirectoryInUseError } from "../db/data-dir-lock.js";
import { databaseUrlForCommand } from "../db/pglite-socket.js";
import { users as usersTable } from "../db/schema.js";
import { loadEnvFile } from "../env-file.js";
import { HttpError } from "../http/errors.js";
import { createLogger } from "../logging/logger.js";
import { openServices } from "../services.js";
import { createUserBody } from "../users/schemas.js";
import { createUser, setUserRoles } from "../users/service.js";
import { PasswordInputError, readPassword } from "./password-input.js";

const USAGE = `Usage:
  npm run users -- create --email E --name N [--password-stdin] [--role ROLE ...]
  npm run users -- set-roles EMAIL ROLE [ROLE ...]
The password is typed at a hidden prompt, or read from standard input with --password-stdin
(--password P also works, but shows it to other local users and in npm's output).
Roles: ${roleSchema.options.join(", ")}`;

/** Operator commands on the service's own configuration and database, for the first admin. */
async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      "password-stdin": { type: "boolean" },
      role: { type: "string", multiple: true },
    },
  });
  const [command, ...rest] = positionals;
  if (command !== "create" && command !== "set-roles") throw new UsageError(USAGE);
  // Arguments are checked before the database is opened: a typo fails at once, and opens nothing.
  const [email, ...roleNames] = rest;
  if (command === "set-roles" && (!email || roleNames.length === 0)) throw new UsageError(USAGE);
  const { roles } = z
    .object({ roles: z.array(roleSchema).min(1) })
    .parse({ roles: command === "create" ? (values.role ?? ["USER"]) : [...new Set(roleNames)] });
  let input: z.infer<typeof createUserBody> | undefined;
  if (command === "create") {
    // Name and email first: a typo is reported before anyone types a password.
    const { name, email: address } = createUserBody.omit({ password: true }).parse(values);
    const password = await readPassword({ password: values.password, passwordStdin: values["password-stdin"] });
    input = await createUserBody.parseAsync({ name, email: address, password });
  }

  loadEnvFile();
  const config = loadConfig();
  const logger = createLogger({ ...config, logLevel: "warn" });
  // With the embedded database, through the service when it runs: PGlite is one process's database.
  const databaseUrl = await databaseUrlForCommand(config.databaseUrl);
  const { database, auth } = await openServices({ ...config, databaseUrl, databasePoolMax: 1 }, logger);
  try {
    if (input) {
      const passwordHash = await (await auth.$context).password.hash(input.password);
      const user = await createUser(database.db, {
        name: input.name,
        email: input.email,
        passwordHash,
        roles,
        emailVerified: true,
      });
      return `Created ${user.email} (${user.id}) with roles ${user.roles.join(", ")}`;
    }
    const [found] = await database.db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(eq(usersTable.email, email!.toLowerCase()));
    if (!found) throw new UsageError(`No user with email ${email}`);
    // Audited like the roles route, with no actor: the operator acted outside the API.
    const { user } = await setUserRoles(database.db, found.id, roles, ({ user: updated, previousRoles }) => ({
      actorId: null,
      action: "user.set_roles",
      targetId: found.id,
      details: { roles: updated.roles, previousRoles, via: "cli" },
    }));
    return `${user.email} now has roles ${user.roles.join(", ")}`;
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    if (error instanceof z.ZodError) {
      console.error(error.issues.map((issue) => `${issue.path.join(".") || "value"}: ${issue.message}`).join("\n"));
    } else if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof HttpError ||
      error instanceof PasswordInputError ||
      error instanceof DataDirectoryInUseError
    ) {
      console.error(error.message);
    } else {
      console.error(`Failed: ${error instanceof Error ? error.name : String(error)}`);
    }
    process.exitCode = 1;
  },
);
