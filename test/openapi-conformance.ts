import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "../src/openapi/document.js";

interface DocumentedOperation {
  pattern: RegExp;
  template: string;
  method: string;
}

type Json = Record<string, unknown>;
const DOCUMENT_ID = "openapi.json";

// Express routes without regard to case or a trailing slash, and so does better-auth's router.
function patternOf(template: string): RegExp {
  const escaped = template
    .replace(/\/$/, "")
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return new RegExp(`^${escaped}/?$`, "i");
}

const pointer = (...parts: string[]) =>
  parts.map((part) => encodeURIComponent(part.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

/**
 * Holds every response a test file's app sends to the OpenAPI document: a documented operation
 * must answer a documented status with a body that validates against that status's schema; a
 * path the document does not describe may only answer an error in one of the documented error
 * shapes. What does not conform is kept, and the file fails with it at the end.
 */
export class ResponseConformance {
  readonly mismatches: string[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly operations: DocumentedOperation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...(document as unknown as Json), $id: DOCUMENT_ID });
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const method of Object.keys(item ?? {}))
        this.operations.push({ pattern: patternOf(template), template, method });
    }
  }

  /** Starts recording a server's responses. */
  watch(server: Server): void {
    server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => this.record(req, res));
  }

  private record(req: IncomingMessage, res: ServerResponse): void {
    // Express rewrites req.url while it routes through mounted routers: keep the one received.
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => (
      keep(chunk, rest[0]),
      write(chunk, ...(rest as []))
    )) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => (
      keep(chunk, rest[0]),
      end(chunk as string, ...(rest as []))
    )) as typeof res.end;
    res.on("finish", () => this.check(method, url, res, Buffer.concat(chunks).toString("utf8")));
  }

  private check(requestMethod: string, url: string, res: ServerResponse, body: string): void {
    const method = requestMethod.toLowerCase();
    // HEAD carries no body; a preflight answered by the CORS policy is no API operation.
    if (method === "head" || (method === "options" && res.statusCode === 204)) return;
    const path = routedPath(url.split("?")[0]!);
    const where = `${requestMethod} ${url} -> ${res.statusCode}`;
    // The admin console's page and files: a browser's, not an API operation (its own tests read them).
    if (res.statusCode < 400 && (path === "/admin" || path.startsWith("/admin/"))) return;
    const operation = this.operations.find((op) => op.method === method && op.pattern.test(path));
    if (!operation) return this.checkUndocumented(where, path, res.statusCode, body);
    // Express routes /API/V2/... as /api/v2/..., but the error handler picks the v2 body by the
    // exact prefix: such an alias's errors are checked as an unknown path's.
    if (res.statusCode >= 400 && operation.template.startsWith("/api/v2/") && !path.startsWith("/api/v2/")) {
      return this.checkUndocumented(where, path, res.statusCode, body);
    }
    const responses = (this.document.paths?.[operation.template] as Json)[method] as {
      responses: Record<string, Json>;
    };
    const response = responses.responses[String(res.statusCode)];
    if (!response)
      return void this.mismatches.push(
        `${where}: status not documented for ${method.toUpperCase()} ${operation.template}`,
      );
    const content = response.content as Record<string, unknown> | undefined;
    const mediaType = String(res.getHeader("content-type") ?? "")
      .split(";")[0]!
      .trim();
    // An event stream is a sequence of events, not one JSON body: its own tests read the events.
    if (mediaType === "text/event-stream" && content && mediaType in content) return;
    if (!content) {
      if (body !== "") this.mismatches.push(`${where}: documented without a body, sent ${body.slice(0, 200)}`);
      return;
    }
    if (!(mediaType in content))
      return void this.mismatches.push(`${where}: content type ${mediaType || "(none)"} not documented`);
    if (mediaType !== "application/json") return;
    this.validate(
      where,
      pointer("paths", operation.template, method, "responses", String(res.statusCode), "content", mediaType, "schema"),
      body,
    );
  }

  private checkUndocumented(where: string, path: string, status: number, body: string): void {
    if (status < 400) return void this.mismatches.push(`${where}: served, but no operation of the document matches`);
    // The error handler's own rule: v2 bodies for paths that start with exactly /api/v2/.
    const family = path.startsWith("/api/v2/") || path === "/api/v2" ? "V2Detail" : "V1Error";
    this.validate(where, pointer("components", "schemas", family), body);
  }

  private validate(where: string, schemaPointer: string, body: string): void {
    let validator = this.validators.get(schemaPointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/${schemaPointer}` });
      this.validators.set(schemaPointer, validator);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return void this.mismatches.push(`${where}: body is not JSON: ${body.slice(0, 200)}`);
    }
    if (!validator(value)) {
      this.mismatches.push(`${where}: ${this.ajv.errorsText(validator.errors)} in ${body.slice(0, 300)}`);
    }
  }
}

/**
 * The path an operation is matched by. better-auth routes a URL as a URL parser reads it (dot
 * segments resolved, "%2e" too): "/api/auth/reset-password/./t" is its reset link's endpoint.
 */
function routedPath(path: string): string {
  if (!path.startsWith("/api/auth/")) return path;
  return new URL(`http://service.invalid${path}`).pathname;
}
