import { type ClientRequest, request } from "node:http";
import { sql } from "drizzle-orm";
import { rows, withDatabase } from "./database.js";
import { describeMachine } from "./machine.js";
import type { Options } from "./options.js";
import { UsageError } from "./options.js";
import { markdownTable, writeReport } from "./report.js";
import { sessionCookie, signUpBenchUser, startService } from "./service.js";
import { log, prepare } from "./steps.js";

const OPEN_AT_ONCE = 100;
const SEND_AT_ONCE = 20;
const DELIVERY_TIMEOUT_MS = 60_000;

interface Stream {
  userId: string;
  req: ClientRequest;
  deliveredAt?: number;
}

/**
 * `--sse`: `--sse-streams` live notification streams (server-sent events) on instance A, one per
 * user, then one notification for each of those users created through instance B (an admin's
 * `POST /api/v2/notifications/`), so every event crosses instances through PostgreSQL. Reports how
 * many arrived, the delay from sending the POST to the event reaching its stream, and A's RSS:
 * the streams' growth is counted from an instance that has served one ordinary request per user.
 */
export async function sseRun(options: Options): Promise<number> {
  if (!options.database) throw new UsageError("--sse needs --database postgres://... (two instances share one server)");
  const prepared = await prepare(options.database, 1_000, options.serviceEnv);
  const count = options.sseStreams;
  const { listeners, admin } = await withDatabase(prepared.database, async (db) => {
    await db.db.execute(sql`
      insert into users (name, email, email_verified, roles, created_at, updated_at)
      select 'Stream user ' || i, 'stream-user-' || i || '@example.com', true, '{USER}'::role[], now(), now()
      from generate_series(1, ${count}::int) i`);
    await db.db.execute(sql`
      insert into users (name, email, email_verified, roles, created_at, updated_at)
      values ('Bench admin', 'bench-admin@example.com', true, '{USER,ADMIN}'::role[], now(), now())`);
    await db.db.execute(sql`
      insert into sessions (token, user_id, expires_at)
      select md5(random()::text) || md5(random()::text), id, now() + interval '7 days'
      from users where email like 'stream-user-%' or email = 'bench-admin@example.com'`);
    const found = await rows<{ id: string; email: string; token: string }>(
      db,
      sql`select u.id, u.email, s.token from users u join sessions s on s.user_id = u.id
          where u.email like 'stream-user-%' or u.email = 'bench-admin@example.com'`,
    );
    return {
      listeners: found.filter((row) => row.email !== "bench-admin@example.com"),
      admin: found.find((row) => row.email === "bench-admin@example.com")!,
    };
  });
  const a = await startService(prepared);
  const b = await startService(prepared);
  // The session cookie's name as the service sets it (`__Secure-` in production over https).
  const signedUp = await signUpBenchUser(b);
  const cookieName = signedUp.cookie.slice(0, signedUp.cookie.indexOf("="));
  const cookie = (token: string) => sessionCookie(cookieName, token, prepared.secret);
  const rssStarted = a.rssMb();
  // An instance in service has already grown its heap and compiled its hot paths; a fresh one
  // would count that one-time cost as the streams'. So A first serves each user's list once.
  log(`Instances ready; A's RSS ${rssStarted ?? "?"} MB. Each user lists their notifications once on A`);
  for (let i = 0; i < listeners.length; i += OPEN_AT_ONCE)
    await Promise.all(
      listeners.slice(i, i + OPEN_AT_ONCE).map(async (user) => {
        const res = await fetch(`${a.baseUrl}/api/v2/notifications/`, { headers: { cookie: cookie(user.token) } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET /api/v2/notifications/ answered ${res.status}`);
      }),
    );
  const rssBefore = a.rssMb();
  log(`A's RSS ${rssBefore ?? "?"} MB. Opening ${count} streams on A`);
  const streams: Stream[] = [];
  let refused = 0;
  for (let i = 0; i < listeners.length; i += OPEN_AT_ONCE) {
    const opened = await Promise.all(
      listeners.slice(i, i + OPEN_AT_ONCE).map((user) => openStream(a.baseUrl, user.id, cookie(user.token))),
    );
    for (const stream of opened) if (stream) streams.push(stream);
    refused += opened.filter((stream) => !stream).length;
  }
  if (streams.length === 0) {
    await Promise.all([a.stop(), b.stop()]);
    console.error("No stream opened: GET /api/v2/notifications/ does not answer text/event-stream here.");
    return 1;
  }
  const rssOpen = a.rssMb();
  log(
    `${streams.length} streams open (${refused} refused); A's RSS ${rssOpen ?? "?"} MB. Sending one notification per user through B`,
  );

  const sentAt = new Map<string, number>();
  const postMs: number[] = [];
  let sendFailures = 0;
  for (let i = 0; i < streams.length; i += SEND_AT_ONCE) {
    await Promise.all(
      streams.slice(i, i + SEND_AT_ONCE).map(async ({ userId }) => {
        sentAt.set(userId, Date.now());
        const res = await fetch(`${b.baseUrl}/api/v2/notifications/`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: cookie(admin.token) },
          body: JSON.stringify({ userId, message: "A notification sent by the benchmark" }),
        });
        await res.arrayBuffer();
        postMs.push(Date.now() - sentAt.get(userId)!);
        if (res.status !== 201) sendFailures += 1;
      }),
    );
  }
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (streams.some((s) => s.deliveredAt === undefined) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const rssAfter = a.rssMb();
  for (const stream of streams) stream.req.destroy();
  await Promise.all([a.stop(), b.stop()]);

  const delays = streams.filter((s) => s.deliveredAt !== undefined).map((s) => s.deliveredAt! - sentAt.get(s.userId)!);
  const table = markdownTable(
    [
      "streams open",
      "sent (non-201)",
      "delivered",
      "delay p50 / p99 / max ms",
      "POST on B p50 / p99 ms",
      "A's RSS MB: started → served lists → streams open → delivered",
      "growth MB: streams (from start)",
    ],
    [
      [
        `${streams.length} of ${count}`,
        `${sentAt.size} (${sendFailures})`,
        String(delays.length),
        `${percentile(delays, 0.5)} / ${percentile(delays, 0.99)} / ${percentile(delays, 1)}`,
        `${percentile(postMs, 0.5)} / ${percentile(postMs, 0.99)}`,
        `${rssStarted} → ${rssBefore} → ${rssOpen} → ${rssAfter}`,
        `${(rssAfter ?? 0) - (rssBefore ?? 0)} (${(rssAfter ?? 0) - (rssStarted ?? 0)})`,
      ],
    ],
  );
  const machine = describeMachine(prepared.databaseDescription);
  const note = [
    `Delay: from sending the POST through instance B to the event reaching its stream on instance A (${SEND_AT_ONCE} POSTs at a time).`,
    `Growth: A's RSS after delivery less its RSS once every user had listed their notifications (${OPEN_AT_ONCE} at a time, no stream); in brackets, less its RSS just after start.`,
  ].join("\n");
  console.log(`\n${table}\n\n${note}\n${machine.join("\n")}`);
  if (options.out) {
    const command = `npm run bench -- ${process.argv.slice(2).join(" ")}`;
    await writeReport({
      path: options.out,
      title: "Notification streams",
      command,
      machine,
      sections: [{ heading: "Results", text: `${table}\n\n${note}` }],
    });
  }
  return delays.length === count && sendFailures === 0 ? 0 : 1;
}

function percentile(values: number[], q: number): string {
  if (values.length === 0) return "n/a";
  const sorted = [...values].sort((x, y) => x - y);
  return String(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]);
}

/** Opens a stream as an EventSource does and notes when its first notification event arrives. */
function openStream(baseUrl: string, userId: string, cookie: string): Promise<Stream | undefined> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/api/v2/notifications/`, {
      agent: false,
      headers: { accept: "text/event-stream", cookie },
    });
    const stream: Stream = { userId, req };
    req.on("response", (res) => {
      if (res.statusCode !== 200 || !res.headers["content-type"]?.startsWith("text/event-stream")) {
        res.resume();
        return resolve(undefined);
      }
      let text = "";
      res.on("error", () => undefined);
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        if (stream.deliveredAt === undefined && /^event: notification$/m.test(text)) stream.deliveredAt = Date.now();
        if (text.length > 4096) text = text.slice(-1024);
      });
      resolve(stream);
    });
    req.on("error", () => resolve(undefined));
    req.end();
  });
}
