import Fastify from "fastify";
import { createPost } from "./posts-create.js";
import { connect, listPosts } from "./posts-list.js";

// Baseline: the same endpoints and queries on Fastify (no schema, default JSON serialisation).
const {
  DATABASE_URL = "",
  BETTER_AUTH_SECRET = "",
  PORT = "0",
  HOST = "127.0.0.1",
  DATABASE_POOL_MAX = "10",
} = process.env;
const db = await connect(DATABASE_URL, Number(DATABASE_POOL_MAX));

const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });
app.get("/api/posts", (req) => listPosts(db, req.headers.cookie, BETTER_AUTH_SECRET));
app.post("/api/posts", async (req, reply) => {
  const answer = await createPost(db, req.headers.cookie, BETTER_AUTH_SECRET, req.body);
  return reply.code(answer.status).send(answer.body);
});
app.get("/ready", async () => ({ status: "ready" }));
await app.listen({ port: Number(PORT), host: HOST });

const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
