import Fastify from "fastify";
import { openDatabaseBaseline } from "./database-baseline.js";
import { createPost } from "./posts-create.js";
import { listPosts } from "./posts-list.js";

// Baseline: the same endpoints and queries on Fastify (no schema, default JSON serialisation).
const { db, secret, port, host } = await openDatabaseBaseline();

const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });
app.get("/api/posts", (req) => listPosts(db, req.headers.cookie, secret));
app.post("/api/posts", async (req, reply) => {
  const answer = await createPost(db, req.headers.cookie, secret, req.body);
  return reply.code(answer.status).send(answer.body);
});
app.get("/ready", async () => ({ status: "ready" }));
await app.listen({ port, host });

const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
