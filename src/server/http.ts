import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { answerText } from "../service/journal-on-write.js";
import type { FieldService, ServiceResponse } from "../service/entry-point.js";
import { simpleProblem, problem, type ProblemStatus } from "../api/problem.js";
import { edgeIssue, issue } from "../shared/issue.js";
import { corsHeaders, isPreflight, preflightHeaders, type CorsOrigins } from "../api/cors.js";
import { createDocsHandler, type DocsOptions } from "./docs.js";

/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1_048_576;

/** Longest request target (path and query) accepted: 8 KiB; longer is 414 URI Too Long. */
export const MAX_URL_BYTES = 8_192;

/**
 * Largest request head (request line and headers) accepted: 32 KiB; larger is 431 Request
 * Header Fields Too Large. Node's parser enforces it (`maxHeaderSize`).
 */
export const MAX_HEADER_BYTES = 32_768;

/** Options of {@link createHttpServer}. */
export interface HttpServerOptions {
  /** Where log lines go: one per request (`POST /order 201 3.2ms`, no query), one per delivered effect, and internal errors with their incident ID. Default: `console.log`. */
  readonly log?: (line: string) => void;
  /** Largest request body in bytes. Default: {@link MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
  /**
   * Serve the API's documentation too: `GET /openapi.json` and the Scalar reference page at
   * `GET /docs` (see `createDocsHandler`). Left out: the service's routes only.
   */
  readonly docs?: DocsOptions;
  /**
   * Let browser pages of these origins call the server (CORS): `"*"` for any origin, or a list
   * of origins (`["http://localhost:5173"]`). Preflights are answered (COR-1) and every answer
   * carries the CORS headers for an allowed origin (COR-2). Left out: no cross-origin access
   * (an `OPTIONS` is 405, as before). The command's default (COR-3) is in the README, "The command".
   */
  readonly cors?: CorsOrigins;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The one UTF-8 decoder of request bodies: `fatal`, so bytes that are not UTF-8 are refused (a
 * 400, as malformed JSON) instead of becoming U+FFFD; it skips a leading byte order mark. Not
 * streaming, it keeps no state from one body to the next.
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Every value of an `Idempotency-Key` header as sent, in order, from the request's raw header
 * lines (names in any case): what `headersDistinct` would give for it, without building the
 * distinct form of every other header.
 * @param raw - `req.rawHeaders`: name, value, name, value…
 * @returns the values
 */
function idempotencyKeys(raw: readonly string[]): string[] {
  const values: string[] = [];
  // Stryker disable next-line EqualityOperator: Node's raw header lines come in pairs, so the last index read is a value's
  for (let i = 0; i + 1 < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === "idempotency-key") values.push(raw[i + 1] as string);
  return values;
}

function send(res: ServerResponse, status: number, body: unknown, close = false, headers: Readonly<Record<string, string>> = {}, written?: string): void {
  if (close) res.setHeader("connection", "close");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body === undefined || status === 204 || status === 304) {
    res.writeHead(status);
    res.end();
    return;
  }
  const text = written ?? JSON.stringify(body);
  res.writeHead(status, {
    "content-type": status >= 400 ? "application/problem+json; charset=utf-8" : "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function refuse(res: ServerResponse, status: ProblemStatus, body: unknown, close = false): void {
  send(res, status, body, close);
}

/**
 * Serves a field service over `node:http`: JSON request bodies up to 1 MiB (beyond: 413
 * and the connection closed), a body of another media type: 415, malformed JSON: 400 with
 * a problem body, an empty body: none; header names lower-cased; every effect printed as
 * one log line. The only I/O of the package besides `main.ts`.
 * @param service - the service to serve
 * @param options - logger and body limit
 * @returns the (not yet listening) server
 * @example
 * const server = createHttpServer(createFieldService({ fixture: demoFixture }));
 * await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve)); // `npm start` listens on 8080
 * server.address().port > 0 //=> true
 * await new Promise((resolve) => server.close(resolve));
 */
export function createHttpServer(service: Pick<FieldService, "handle">, options: HttpServerOptions = {}): Server {
  const log = options.log ?? ((line: string): void => console.log(line));
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const docs = options.docs === undefined ? undefined : createDocsHandler(options.docs);
  const cors = options.cors;

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    // One line per request: method, path without the query (it may carry secrets), status, time.
    res.on("finish", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      log(`${req.method ?? "?"} ${path.length > 200 ? `${path.slice(0, 200)}…` : path} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
    });
    if (cors !== undefined) {
      const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined;
      if (isPreflight(req.method, req.headers)) {
        req.resume();
        res.writeHead(204, preflightHeaders(cors, origin));
        res.end();
        return;
      }
      // Set before any answer is written, so refusals (413, 414, 415) are readable by the page too.
      for (const [name, value] of Object.entries(corsHeaders(cors, origin))) res.setHeader(name, value);
    }
    if ((req.url ?? "").length > MAX_URL_BYTES) {
      req.resume();
      return refuse(res, 414, problem(414, [edgeIssue("UriTooLong", `The request target is longer than ${MAX_URL_BYTES} bytes.`)]), true);
    }
    if (docs?.(req, res) === true) return;
    let done = false;
    const tooLarge = (): void => {
      if (done) return;
      done = true;
      refuse(res, 413, simpleProblem(413, "PayloadTooLarge", `The body is larger than ${limit} bytes.`), true);
      // Stop reading; the response closes the connection, so nothing is left hanging.
      req.removeAllListeners("data");
      req.resume();
      res.on("finish", () => req.socket.destroySoon());
    };
    req.on("error", () => {
      done = true;
      req.socket.destroy();
    });
    const declared = Number(req.headers["content-length"] ?? "0");
    if (Number.isFinite(declared) && declared > limit) return tooLarge();

    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) return tooLarge();
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      let body: unknown = undefined;
      let hasBody = false;
      if (size > 0) {
        const type = req.headers["content-type"] ?? "";
        if (!JSON_TYPE.test(type)) {
          return refuse(res, 415, simpleProblem(415, "UnsupportedMediaType", `Expected Content-Type application/json, got ${JSON.stringify(type)}.`));
        }
        try {
          body = JSON.parse(UTF8.decode(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)));
          hasBody = true;
        } catch (e) {
          return refuse(res, 400, problem(400, [issue("InvalidJson", "", "ERR-2", `The body is not valid JSON: ${e instanceof Error ? e.message : "parse error"}.`)]));
        }
      }
      // Node's header names are lower case already. It joins a repeated Idempotency-Key into one
      // "K, K-other" text, which would pass as a key of its own; its occurrences are handed on as
      // sent, so IDM-3 sees two and refuses.
      // Stryker disable next-line ConditionalExpression: without the header, the raw lines hold no value of it either (the test is to skip the scan)
      const keys = req.headers["idempotency-key"] === undefined ? undefined : idempotencyKeys(req.rawHeaders);
      const headers: Readonly<Record<string, string | string[] | undefined>> = keys !== undefined && keys.length > 1 ? { ...req.headers, "idempotency-key": keys } : req.headers;
      const internal = (error: unknown): ServiceResponse => {
        // handle never throws (ERR-2); if a wrapped service does, the client gets an opaque
        // incident ID and the log gets the stack.
        const incidentId = globalThis.crypto.randomUUID();
        log(`internal error, incident ${incidentId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return { status: 500, body: { ...problem(500, [edgeIssue("InternalError", `Internal error, incident ${incidentId}; the server log has the details.`)]), incidentId }, effects: [] };
      };
      const answer = (response: ServiceResponse): void => {
        // Effects are delivered (here: logged) only when the write was committed; a dry run's
        // effects are a preview in the answer, never a delivery.
        if (response.dryRun === true) {
          if (response.effects.length > 0) log(`dry run: ${response.effects.length} effect(s) previewed, none delivered`);
        } else {
          for (const effect of response.effects) log(`effect ${JSON.stringify(effect)}`);
        }
        // The body's text as the service wrote it for the journal, when it did (JSON once).
        send(res, response.status, response.body, false, response.headers, answerText(response));
      };
      let response: ServiceResponse | Promise<ServiceResponse>;
      try {
        // The socket's address: failed logins are counted per source address too (CRD-3).
        const remoteAddress = req.socket.remoteAddress;
        response = service.handle({ method: req.method ?? "", path: req.url ?? "/", headers, ...(hasBody ? { body } : {}), ...(remoteAddress === undefined ? {} : { remoteAddress }) });
      } catch (error) {
        response = internal(error);
      }
      // A service on a database answers with a promise; the in-memory one answers at once.
      if (response instanceof Promise) response.then(answer, (error: unknown) => answer(internal(error)));
      else answer(response);
    });
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // The parser refuses a head over maxHeaderSize (431) and malformed requests (400); both
    // get a problem-details body like every other refusal.
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? problem(431, [edgeIssue("HeadersTooLarge", `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes.`)])
        : problem(400, [issue("InvalidType", "", "ERR-2", "The request is not valid HTTP.")]),
    );
    const reason = tooLarge ? "Request Header Fields Too Large" : "Bad Request";
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/problem+json; charset=utf-8\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
  return server;
}
