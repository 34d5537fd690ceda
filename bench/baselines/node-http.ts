import { createServer, type IncomingMessage } from "node:http";
import { createPost } from "./posts-create.js";
import { connect, listPosts } from "./posts-list.js";

// Baseline: the posts list and post creation on bare node:http with the service's own SQL.
const {
  DATABASE_URL = "",
  BETTER_AUTH_SECRET = "",
  PORT = "0",
  HOST = "127.0.0.1",
  DATABASE_POOL_MAX = "10",
} = process.env;
const db = await connect(DATABASE_URL, Number(DATABASE_POOL_MAX));
const BODY_LIMIT = 100 * 1024;

/** The request's JSON body; undefined when it is not JSON (the route answers 400). */
async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

const server = createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(json),
    });
    res.end(json);
  };
  const failed = () => send(500, { error: "Failed to complete request due to internal error" });
  if (req.method === "GET" && req.url === "/api/posts") {
    listPosts(db, req.headers.cookie, BETTER_AUTH_SECRET).then((body) => send(200, body), failed);
  } else if (req.method === "POST" && req.url === "/api/posts") {
    jsonBody(req)
      .then((body) => createPost(db, req.headers.cookie, BETTER_AUTH_SECRET, body))
      .then((answer) => send(answer.status, answer.body), failed);
  } else if (req.url === "/ready") {
    send(200, { status: "ready" });
  } else {
    send(404, { error: "Endpoint not found" });
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(PORT), HOST);

const stop = () => server.close(() => void db.close().then(() => process.exit(0)));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
