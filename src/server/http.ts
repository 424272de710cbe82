import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FieldService, ServiceResponse } from "../service/create.js";
import { simpleProblem, problem, type ProblemStatus } from "../service/problem.js";
import { issue } from "../shared/issue.js";

/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1_048_576;

/** Options of {@link createHttpServer}. */
export interface HttpServerOptions {
  /** Where log lines go (one per effect). Default: `console.log`. */
  readonly log?: (line: string) => void;
  /** Largest request body in bytes. Default: {@link MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function send(res: ServerResponse, status: number, body: unknown, close = false): void {
  if (close) res.setHeader("connection", "close");
  if (body === undefined || status === 204 || status === 304) {
    res.writeHead(status);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
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
 * createHttpServer(createFieldService({ fixture: demoFixture })).listen(8080, "127.0.0.1");
 */
export function createHttpServer(service: FieldService, options: HttpServerOptions = {}): Server {
  const log = options.log ?? ((line: string): void => console.log(line));
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
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
          body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks, size)));
          hasBody = true;
        } catch (e) {
          return refuse(res, 400, problem(400, [issue("InvalidJson", "", `The body is not valid JSON: ${e instanceof Error ? e.message : "parse error"}.`)]));
        }
      }
      const headers: Record<string, string | string[] | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v;
      let response: ServiceResponse;
      try {
        response = service.handle({ method: req.method ?? "", path: req.url ?? "/", headers, ...(hasBody ? { body } : {}) });
      } catch {
        response = { status: 500, effects: [] };
      }
      for (const effect of response.effects) log(`effect ${JSON.stringify(effect)}`);
      send(res, response.status, response.body);
    });
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    else socket.destroy();
  });
  return server;
}
