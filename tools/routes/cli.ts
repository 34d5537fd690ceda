import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CHANGELOG_FILE, ChangelogError } from "./changelog.js";
import { formatHunks } from "./normal-diff.js";
import { checkRoutes, recordRouteChange, TagError } from "./route-changes.js";
import { servedRouteTable } from "./table.js";
import { isVersionTag } from "./version-tag.js";

const USAGE = `Usage:
  npm run routes:changelog -- [--tag vX.Y.Z]   append an entry when the app's routes changed
  npm run routes:check                         fail when the app's routes differ from ${CHANGELOG_FILE}`;

// At the repository root, whatever directory the command runs from.
const changelogPath = fileURLToPath(new URL(`../../${CHANGELOG_FILE}`, import.meta.url));

const BUMP_REASON = {
  major: "a route was removed or changed, which breaks clients",
  minor: "routes were only added",
  none: "no route changed",
} as const;

class UsageError extends Error {}

function readChangelog(): string {
  return existsSync(changelogPath) ? readFileSync(changelogPath, "utf8") : "";
}

/** Appends the entry for the app's current routes; returns what to print. */
async function recordCommand(tag: string | undefined): Promise<string> {
  // Before the few seconds the app takes to build.
  if (tag !== undefined && !isVersionTag(tag))
    throw new TagError(`--tag ${tag}: expected v<major>.<minor>.<patch>, e.g. v1.2.0`);
  const changelog = readChangelog();
  const change = recordRouteChange(changelog, await servedRouteTable(), { tag, now: new Date() });
  if (!change) return "no route changes";
  // A file whose last line lost its newline (an editor) must not glue the new header onto it.
  const separator = changelog === "" || changelog.endsWith("\n") ? "" : "\n";
  appendFileSync(changelogPath, separator + change.text);
  const suggestion = change.suggestedTag ? `, e.g. ${change.suggestedTag}` : "";
  const lines = [
    `Appended to ${CHANGELOG_FILE}:`,
    change.text.trimEnd(),
    `suggested version bump: ${change.bump}${suggestion} (${BUMP_REASON[change.bump]})`,
  ];
  if (tag && change.suggestedTag && tag !== change.suggestedTag)
    lines.push(`note: tagged ${tag}; the rule suggests ${change.suggestedTag}`);
  return lines.join("\n");
}

/** Throws with the differing routes when the app does not serve what the changelog records. */
async function checkCommand(): Promise<string> {
  const result = checkRoutes(readChangelog(), await servedRouteTable());
  if (result.hunks.length === 0) return `routes match ${CHANGELOG_FILE}`;
  const lines = [`The app's routes differ from ${CHANGELOG_FILE}:`];
  if (result.unrecorded.length)
    lines.push("served but not recorded:", ...result.unrecorded.map((route) => `  + ${route}`));
  if (result.unserved.length) lines.push("recorded but not served:", ...result.unserved.map((route) => `  - ${route}`));
  lines.push(
    "The entry that would record them:",
    ...formatHunks(result.hunks),
    "Record the change with: npm run routes:changelog -- --tag vX.Y.Z",
  );
  throw new RouteMismatch(lines.join("\n"));
}

class RouteMismatch extends Error {}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tag: { type: "string" } },
  });
  const [command, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(USAGE);
  if (command === "changelog") return recordCommand(values.tag);
  if (command === "check" && values.tag === undefined) return checkCommand();
  throw new UsageError(USAGE);
}

try {
  console.log(await run(process.argv.slice(2)));
  process.exit(0);
} catch (error) {
  if (
    error instanceof RouteMismatch ||
    error instanceof ChangelogError ||
    error instanceof TagError ||
    error instanceof UsageError
  ) {
    console.error(error.message);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
  if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  throw error;
}
