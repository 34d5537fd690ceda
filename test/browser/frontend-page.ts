import { once } from "node:events";
import { createServer, type Server } from "node:http";

/**
 * A frontend served from its own origin: one page whose script calls the API with
 * `credentials: "include"`, as a single-page app does, and writes each answer into the page so a
 * screenshot shows what happened. At /forgot and /reset it is the forgot-password flow's two forms.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>frontend</title>
<style>body{font:14px system-ui;margin:2em} li{margin:.3em 0} .err{color:#b00}</style></head>
<body><h1>Frontend at <span id="origin"></span></h1>
<form id="forgot" hidden><label>Email <input name="email" type="email" required></label>
<button>Send me a reset link</button></form>
<form id="reset" hidden><label>New password <input name="newPassword" type="password" required></label>
<button>Set the new password</button></form>
<p id="status"></p><ol id="log"></ol>
<script src="/app.js"></script></body></html>`;

const SCRIPT = `
document.getElementById("origin").textContent = location.origin;
const log = (text, failed) => {
  const item = document.createElement("li");
  item.textContent = text;
  if (failed) item.className = "err";
  document.getElementById("log").append(item);
};
window.call = async (api, method, path, body) => {
  try {
    const res = await fetch(api + path, {
      method,
      credentials: "include",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    log(method + " " + path + " -> " + res.status + " " + text.slice(0, 160), res.status >= 400);
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch (error) {
    log(method + " " + path + " -> refused by the browser: " + error.message, true);
    return { status: 0, refused: String(error) };
  }
};
const showForm = (id, send) => {
  const form = document.getElementById(id);
  form.hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    document.getElementById("status").textContent = await send(new FormData(form));
  });
};
const params = new URLSearchParams(location.search);
if (location.pathname === "/forgot") {
  showForm("forgot", async (form) => {
    const body = { email: form.get("email"), redirectTo: location.origin + "/reset" };
    const answer = await window.call(API, "POST", "/api/auth/request-password-reset", body);
    return answer.status === 200 ? "Check your mail for the reset link." : "The reset could not be requested.";
  });
}
if (location.pathname === "/reset" && params.has("token")) {
  showForm("reset", async (form) => {
    const body = { newPassword: form.get("newPassword"), token: params.get("token") };
    const answer = await window.call(API, "POST", "/api/auth/reset-password", body);
    return answer.status === 200 ? "Your password has been changed." : "The link is no longer valid.";
  });
}
if (location.pathname === "/reset" && params.has("error")) {
  document.getElementById("status").textContent = "The link is no longer valid.";
}
window.nextNotification = (api) => new Promise((resolve, reject) => {
  const source = new EventSource(api + "/api/v2/notifications/", { withCredentials: true });
  source.addEventListener("notification", (event) => {
    log("EventSource notification: " + event.data.slice(0, 160));
    source.close();
    resolve(JSON.parse(event.data));
  });
  source.onerror = () => { log("EventSource error", true); source.close(); reject(new Error("stream failed")); };
  window.streamOpen = new Promise((opened) => source.addEventListener("open", () => opened(true)));
});
`;

/** Serves the frontend on `port`; its forms call the API at `api`. */
export async function serveFrontend(port: number, api: string): Promise<Server> {
  const script = `const API = ${JSON.stringify(api)};\n${SCRIPT}`;
  const server = createServer((req, res) => {
    if (req.url === "/app.js") res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
    else res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return server;
}
