import { createServer, type IncomingMessage } from "node:http";
import { openDatabaseBaseline } from "./database-baseline.js";
import { createPost } from "./posts-create.js";
import { listPosts } from "./posts-list.js";

// Baseline: the posts list and post creation on bare node:http with the service's own SQL.
const { db, secret, port, host } = await openDatabaseBaseline();
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
    listPosts(db, req.headers.cookie, secret).then((body) => send(200, body), failed);
  } else if (req.method === "POST" && req.url === "/api/posts") {
    jsonBody(req)
      .then((body) => createPost(db, req.headers.cookie, secret, body))
      .then((answer) => send(answer.status, answer.body), failed);
  } else if (req.url === "/ready") {
    send(200, { status: "ready" });
  } else {
    send(404, { error: "Endpoint not found" });
  }
});
server.keepAliveTimeout = 65_000;
server.listen(port, host);

const stop = () => server.close(() => void db.close().then(() => process.exit(0)));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
