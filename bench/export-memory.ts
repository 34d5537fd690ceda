// The account export's memory: a user with --posts posts (default 100,000) on a PostgreSQL server,
// exported through GET /api/v2/me/export/ by the built service run as `npm start` runs it, while
// the service's resident memory is sampled. Prints the RSS before, the peak during (sampled VmRSS
// and the kernel's high-water mark VmHWM) and the growth. Not a test: a figure.
//
//   npm run build && npm exec -- tsx bench/export-memory.ts --database postgres://postgres@127.0.0.1:5432/postgres [--posts 100000] [--slow]
//
// --slow reads the answer at about 2 MB/s, so the server meets back-pressure all the way.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort } from "../test/ports.js";
import { type ServiceProcess, startServiceProcess } from "../test/service-process.js";
import { npmStartCommand } from "./service.js";

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    posts: { type: "string", default: "100000" },
    slow: { type: "boolean", default: false },
  },
});
const POSTS = Number(values.posts);

const statusOf = (pid: number, field: "VmRSS" | "VmHWM") => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) / 1024;
};

function call(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const admin = new pg.Client({ connectionString: values.database });
await admin.connect();
const name = `posts_api_export_bench_${randomUUID().replaceAll("-", "")}`;
await admin.query(`create database "${name}"`);
const url = new URL(values.database);
url.pathname = `/${name}`;
let service: ServiceProcess | undefined;
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = npmStartCommand();
  service = await startServiceProcess(process.execPath, start.nodeArgs, {
    env: {
      PATH: process.env.PATH ?? "",
      ...start.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RATE_LIMIT_ENABLED: "false",
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      BETTER_AUTH_URL: base,
    },
    port,
  });
  const email = `export-${randomUUID()}@example.com`;
  const signUp = await call(
    base,
    "POST",
    "/api/auth/sign-up/email",
    { origin: base },
    {
      name: "Export Bench",
      email,
      password: "a long passphrase for the bench",
    },
  );
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);
  const cookie = String((signUp.headers["set-cookie"] as string[]).find((c) => c.includes("session_token"))).split(
    ";",
  )[0]!;
  const userId = (JSON.parse(signUp.text) as { user: { id: string } }).user.id;

  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const seeded = performance.now();
  for (let from = 1; from <= POSTS; from += 5000) {
    await db.query(
      `insert into posts (title, content, tags, author_id)
       select 'Post number ' || n, 'The content of post number ' || n || ', long enough to be a post of some substance.',
         array['bench', 'tag' || (n % 10)], $1::uuid
       from generate_series($2::int, $3::int) as n`,
      [userId, from, Math.min(from + 4999, POSTS)],
    );
  }
  await db.query("analyze posts");
  const plan = await db.query(
    `explain analyze select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from posts
     where author_id = $1 and (created_at, id) > (now() - interval '1 day', '00000000-0000-0000-0000-000000000000'::uuid)
     order by created_at, id limit 500`,
    [userId],
  );
  console.log(plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
  await db.end();
  console.log(`seeded ${POSTS} posts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // Warm up the route once on a small export, so code loading is not counted as the export's.
  await call(base, "GET", "/api/profile", { cookie });
  const pid = service.process.pid!;
  await sleep(1000);
  const before = statusOf(pid, "VmRSS");
  const hwmBefore = statusOf(pid, "VmHWM");
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, statusOf(pid, "VmRSS"))), 20);
  const started = performance.now();
  const { bytes, status, text } = await new Promise<{ bytes: number; status: number; text: string }>(
    (resolve, reject) => {
      const req = request(`${base}/api/v2/me/export/`, { headers: { cookie } }, (res) => {
        let bytes = 0;
        const parts: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          parts.push(chunk);
          // About 2 MB/s: 64 kB every 30 ms.
          if (values.slow) {
            res.pause();
            setTimeout(() => res.resume(), (chunk.length / 65536) * 30);
          }
        });
        res.on("end", () => resolve({ bytes, status: res.statusCode!, text: Buffer.concat(parts).toString("utf8") }));
      });
      req.on("error", reject);
      req.end();
    },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = statusOf(pid, "VmRSS");
  const hwmAfter = statusOf(pid, "VmHWM");
  const exported = JSON.parse(text) as { posts: unknown[] };
  console.log(
    [
      `export: ${status}, ${(bytes / 1048576).toFixed(1)} MB, ${exported.posts.length} posts, ${seconds.toFixed(1)} s${values.slow ? " (slow reader)" : ""}`,
      `service RSS before: ${before.toFixed(1)} MB`,
      `service RSS peak during (sampled every 20 ms): ${peak.toFixed(1)} MB, growth ${(peak - before).toFixed(1)} MB`,
      `service VmHWM before / after: ${hwmBefore.toFixed(1)} / ${hwmAfter.toFixed(1)} MB, growth ${(hwmAfter - hwmBefore).toFixed(1)} MB`,
      `service RSS after: ${after.toFixed(1)} MB`,
    ].join("\n"),
  );
} finally {
  await service?.stop();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
