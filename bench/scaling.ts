import type { Measurement } from "./load.js";
import { measure, probe } from "./load.js";
import { describeMachine } from "./machine.js";
import { loadOf, type Options } from "./options.js";
import { formatRate, markdownTable, writeReport } from "./report.js";
import { followNext, RouteMissing, SEARCH_PATH } from "./scenarios.js";
import { startService } from "./service.js";
import { log, prepare } from "./steps.js";

const DEEP_PAGE = 1_000;

interface SizeResult {
  posts: number;
  seedSeconds: number;
  firstPage?: Measurement;
  deepPage?: Measurement;
  search?: Measurement;
  note?: string;
}

/**
 * `--scaling`: what grows with the data. Cursor pagination should cost the same on page 1,000 as
 * on page 1 (a keyset condition on an index, not an offset). Search matches one post in 100: up to
 * 2,000 matches the page sorts and counts them; above, the page walks the newest-first index and
 * the count is remembered between requests (src/posts/count-cache.ts).
 */
export async function scalingRun(options: Options): Promise<number> {
  const load = loadOf(options);
  const sizes = options.sizes;
  const results: SizeResult[] = [];
  let databaseDescription = "";
  for (const posts of sizes) {
    const prepared = await prepare(options.database, posts, options.serviceEnv);
    databaseDescription = prepared.databaseDescription;
    const service = await startService(prepared);
    const result: SizeResult = { posts, seedSeconds: prepared.seeded.seconds };
    const problems: string[] = [];
    const attempt = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        problems.push(
          error instanceof RouteMissing
            ? `${what}: n/a (route missing)`
            : `${what} failed: ${(error as Error).message}`,
        );
      }
    };
    try {
      const firstPath = `/api/v2/posts/${prepared.seeded.postId}/comments/`;
      await attempt("cursor", async () => {
        await expectRoute(service.baseUrl, firstPath);
        result.firstPage = await measure(service, { method: "GET", path: firstPath }, load);
        const deepPath = await followNext(service.baseUrl, firstPath, DEEP_PAGE);
        result.deepPage = await measure(service, { method: "GET", path: deepPath }, load);
      });
      await attempt("search", async () => {
        await expectRoute(service.baseUrl, SEARCH_PATH);
        result.search = await measure(service, { method: "GET", path: SEARCH_PATH }, load);
      });
    } finally {
      await service.stop();
      await prepared.database.drop();
    }
    if (problems.length > 0) result.note = problems.join("; ");
    log(`${posts.toLocaleString("en-US")} posts: ${describe(result)}`);
    results.push(result);
  }

  const baseSearch = results[0]?.search;
  const table = markdownTable(
    [
      "Posts",
      "seed s",
      "cursor page 1",
      `cursor page ${DEEP_PAGE.toLocaleString("en-US")}`,
      "deep page cost ×",
      "search",
      `search cost × vs ${sizes[0]!.toLocaleString("en-US")}`,
    ],
    results.map((r) => [
      r.posts.toLocaleString("en-US"),
      r.seedSeconds.toFixed(1),
      figures(r.firstPage),
      figures(r.deepPage),
      cost(r.firstPage, r.deepPage),
      figures(r.search),
      cost(baseSearch, r.search),
    ]),
  );
  const notes = [
    ...results.filter((r) => r.note).map((r) => `${r.posts.toLocaleString("en-US")} posts: ${r.note}`),
    "Figures: requests/s (p50 latency). Cost × = requests/s of the reference divided by requests/s here (1.00 = no dearer).",
  ].join("\n");
  const machine = describeMachine(databaseDescription);
  console.log(`\n${table}\n\n${notes}\n${machine.join("\n")}`);
  if (options.out) {
    await writeReport({
      path: options.out,
      title: `Scaling benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`,
      machine,
      sections: [{ heading: "Cursor depth and search against data size", text: `${table}\n\n${notes}` }],
    });
    console.log(`Written to ${options.out}`);
  }
  const failed = results.some(
    (r) =>
      r.note?.includes("failed") ||
      [r.firstPage, r.deepPage, r.search].some((m) => m && (m.non2xx > 0 || m.errors > 0)),
  );
  return failed ? 1 : 0;
}

function figures(m: Measurement | undefined): string {
  if (!m) return "n/a";
  const problems = m.non2xx + m.errors > 0 ? `, ${m.non2xx} non-2xx / ${m.errors} errors` : "";
  return `${formatRate(m.requestsPerSecond)} (${m.p50} ms)${problems}`;
}

function cost(reference: Measurement | undefined, m: Measurement | undefined): string {
  if (!reference || !m || m.requestsPerSecond === 0) return "";
  return (reference.requestsPerSecond / m.requestsPerSecond).toFixed(2);
}

function describe(r: SizeResult): string {
  const measured = `cursor page 1 ${figures(r.firstPage)}, page ${DEEP_PAGE} ${figures(r.deepPage)}, search ${figures(r.search)}`;
  return r.note ? `${measured}; ${r.note}` : measured;
}

async function expectRoute(baseUrl: string, path: string): Promise<void> {
  const answer = await probe(baseUrl, { method: "GET", path });
  if (answer.status === 404) throw new RouteMissing(path);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
}
