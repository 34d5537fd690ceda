import express from "express";

// Baseline: the framework ceiling. Express 5 with one JSON route, configured as the service
// configures its app (no ETag, no X-Powered-By), and nothing else: no middleware, no database.
const { PORT = "0", HOST = "127.0.0.1" } = process.env;

const app = express();
app.disable("x-powered-by");
app.set("etag", false);
app.get("/health", (_req, res) => {
  res.json({ status: "ok" });
});
app.get("/ready", (_req, res) => {
  res.json({ status: "ready" });
});
const server = app.listen(Number(PORT), HOST);
server.keepAliveTimeout = 65_000;

const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
