import { createServer } from "node:http";
import { connect, listPosts } from "./posts-list.js";

// Baseline: the authenticated posts list on bare node:http with the service's own SQL.
const { DATABASE_URL = "", BETTER_AUTH_SECRET = "", PORT = "0", HOST = "127.0.0.1", DATABASE_POOL_MAX = "10" } = process.env;
const db = await connect(DATABASE_URL, Number(DATABASE_POOL_MAX));

const server = createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(json) });
    res.end(json);
  };
  if (req.method === "GET" && req.url === "/api/posts") {
    listPosts(db, req.headers.cookie, BETTER_AUTH_SECRET).then(
      (body) => send(200, body),
      () => send(500, { error: "Failed to complete request due to internal error" }),
    );
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
