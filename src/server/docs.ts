import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { openApiDocument } from "../service/openapi.js";
import { problem } from "../api/problem.js";
import { issue } from "../shared/issue.js";

/**
 * The path of Scalar's standalone browser bundle inside the installed `@scalar/api-reference`
 * package (an optional peer dependency of this package), resolved from node_modules at run
 * time: the page never loads anything from a CDN.
 * @returns the absolute path of `dist/browser/standalone.js`
 * @throws Error when the package is not installed
 * @example
 * scalarBundlePath().endsWith("standalone.js") //=> true
 */
export function scalarBundlePath(): string {
  const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
  return join(dirname(entry), "browser", "standalone.js");
}

/** Where Scalar's bundle is, or `undefined` when the optional peer is not installed. */
function installedScalar(): string | undefined {
  try {
    const path = scalarBundlePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The page served at `/docs` when the optional peer `@scalar/api-reference` is not installed. */
const missingRendererPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Field service API reference</title></head>
<body>
<h1>Field service API reference</h1>
<p>The interactive reference page needs the optional peer dependency <code>@scalar/api-reference</code>
(about 160 MB installed, so it is not installed with the rules): <code>npm install @scalar/api-reference@1.72.1</code>,
then restart the server.</p>
<p>The OpenAPI 3.1 document is served at <a href="/openapi.json">/openapi.json</a>.</p>
</body>
</html>
`;

/** The reference page: Scalar, configured to read `/openapi.json` and stay offline. */
function page(): string {
  const config = {
    url: "/openapi.json",
    // Offline: no web fonts, no telemetry, no MCP or agent links to scalar.com; "try it"
    // calls this origin directly (the document's server is relative), never a proxy.
    withDefaultFonts: false,
    telemetry: false,
    mcp: { disabled: true },
    agent: { disabled: true },
    showOperationId: true,
    // Share, Deploy and the developer tools link to scalar.com: hidden everywhere.
    showDeveloperTools: "never",
    persistAuth: true,
    documentDownloadType: "json",
    authentication: { preferredSecurityScheme: "bearer" },
    metaData: { title: "Field service API reference" },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Field service API reference</title>
</head>
<body>
<div id="app"></div>
<script src="/docs/scalar.js"></script>
<script>Scalar.createApiReference("#app", ${JSON.stringify(config)});</script>
</body>
</html>
`;
}

/** Options of {@link createDocsHandler}. */
export interface DocsOptions {
  /** The package version, the document's `info.version`. */
  readonly version: string;
  /**
   * The file of Scalar's standalone bundle; `null` serves the page that says how to install the
   * renderer. Default: the installed `@scalar/api-reference`, when it is installed.
   */
  readonly rendererBundle?: string | null;
}

/** The methods every documentation path answers; any other is 405 (ERR-2). */
const DOCS_METHODS: readonly string[] = ["GET", "HEAD"];

/**
 * What every documentation answer carries in `Cache-Control`: `no-cache`, so a client keeps
 * its copy but asks again before each use and gets a 304 without the body while the
 * `ETag` still matches. The paths carry no version, so a longer lifetime would keep showing
 * the document of a server that has since been upgraded (docs/decisions.md).
 */
const DOCS_CACHE_CONTROL = "no-cache";

/**
 * The strong entity tag of the exact bytes an answer sends: a quoted SHA-256, base64url. Two
 * encodings of one file (gzip and identity) are two byte sequences, so two tags (RFC 9110 §8.8.3).
 * @param bytes - the body as sent
 * @returns the quoted tag
 */
function entityTag(bytes: string | Buffer): string {
  return `"${createHash("sha256").update(bytes).digest("base64url")}"`;
}

/**
 * Whether an `If-None-Match` header names the tag, so the answer is 304 (RFC 9110 §13.1.2):
 * `*`, or a comma-separated list of tags compared weakly (`W/"x"` matches `"x"`).
 * @param header - the header as received, absent when none was sent
 * @param tag - the current strong tag
 * @returns `true` when the client's copy is current
 */
function notModified(header: string | readonly string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const text = typeof header === "string" ? header : header.join(",");
  for (const part of text.split(",")) {
    const candidate = part.trim();
    if (candidate === "*" || candidate.replace(/^W\//, "") === tag) return true;
  }
  return false;
}

/** One representation of a documentation path: its bytes, their tag and their headers. */
interface Representation {
  readonly body: string | Buffer;
  readonly tag: string;
  readonly headers: Readonly<Record<string, string>>;
}

function representation(body: string | Buffer, type: string, extra: Readonly<Record<string, string>> = {}): Representation {
  return { body, tag: entityTag(body), headers: { "content-type": type, ...extra } };
}

/**
 * Answers the documentation routes of the HTTP adapter: `GET /openapi.json` (the OpenAPI 3.1
 * document), `GET /docs` (the Scalar reference page, whose "try it" calls this server) and
 * `GET /docs/scalar.js` (Scalar's standalone bundle, read once from node_modules and sent
 * gzipped to a client that accepts it). HEAD is answered like GET, without the body. Each
 * answer carries a strong `ETag` of the bytes sent and `Cache-Control: no-cache`; an
 * `If-None-Match` naming the current tag is 304 without a body. Any other method on these
 * paths is 405 with `Allow: GET, HEAD` and a problem body (ERR-2). Any other path is left to
 * the service.
 * @param options - the version the document carries
 * @returns a handler that answers and returns `true`, or returns `false` for other requests
 * @example
 * const docs = createDocsHandler({ version: "0.1.0" });
 * typeof docs //=> "function"
 */
export function createDocsHandler(options: DocsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  let documentAnswer: Representation | undefined;
  let bundle: { readonly plain: Representation; readonly gzip: Representation } | undefined;
  // Resolved once: without the optional peer, /docs says how to install it and /docs/scalar.js is 404.
  const bundleFile = options.rendererBundle === undefined ? installedScalar() : options.rendererBundle ?? undefined;
  const pageAnswer = representation(bundleFile !== undefined ? page() : missingRendererPage, "text/html; charset=utf-8");
  const served = (path: string | undefined): boolean =>
    path === "/openapi.json" || path === "/docs" || path === "/docs/" || (path === "/docs/scalar.js" && bundleFile !== undefined);
  return (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (!served(path)) return false;
    req.resume();
    if (req.method !== "GET" && req.method !== "HEAD") {
      const text = JSON.stringify(problem(405, [issue("MethodNotAllowed", "", "ERR-2", `${path ?? ""} answers ${DOCS_METHODS.join(" and ")} only (ERR-2).`)]));
      res.writeHead(405, { allow: DOCS_METHODS.join(", "), "content-type": "application/problem+json; charset=utf-8", "content-length": Buffer.byteLength(text) });
      res.end(text);
      return true;
    }
    let answer: Representation;
    if (path === "/openapi.json") {
      answer = documentAnswer ??= representation(JSON.stringify(openApiDocument(options.version)), "application/json; charset=utf-8");
    } else if (path === "/docs/scalar.js") {
      if (bundle === undefined) {
        const plain = readFileSync(bundleFile as string);
        const type = "text/javascript; charset=utf-8";
        bundle = {
          plain: representation(plain, type, { vary: "accept-encoding" }),
          gzip: representation(gzipSync(plain), type, { "content-encoding": "gzip", vary: "accept-encoding" }),
        };
      }
      // 4.3 MB as is, 1.3 MB gzipped: compressed once, sent to every browser that accepts it.
      answer = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? bundle.gzip : bundle.plain;
    } else {
      answer = pageAnswer;
    }
    const headers = { etag: answer.tag, "cache-control": DOCS_CACHE_CONTROL };
    // A Vary set before (CORS: Origin) is kept beside this answer's own.
    const before = res.getHeader("vary");
    const vary = [before, answer.headers.vary].filter((v) => typeof v === "string" && v !== "").join(", ");
    if (vary !== "") res.setHeader("vary", vary);
    if (notModified(req.headers["if-none-match"], answer.tag)) {
      // A 304 carries the tag and caching headers of the 200 it stands for, and no body.
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const { vary: _vary, ...rest } = answer.headers;
    res.writeHead(200, { ...rest, ...headers, "content-length": Buffer.byteLength(answer.body) });
    res.end(req.method === "HEAD" ? undefined : answer.body);
    return true;
  };
}
