import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { openApiDocument } from "../service/openapi.js";

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

/**
 * Answers the documentation routes of the HTTP adapter: `GET /openapi.json` (the OpenAPI 3.1
 * document), `GET /docs` (the Scalar reference page, whose "try it" calls this server) and
 * `GET /docs/scalar.js` (Scalar's standalone bundle, read once from node_modules and sent
 * gzipped to a client that accepts it). HEAD is
 * answered like GET, without the body. Any other request is left to the service.
 * @param options - the version the document carries
 * @returns a handler that answers and returns `true`, or returns `false` for other requests
 * @example
 * const docs = createDocsHandler({ version: "0.1.0" });
 * typeof docs //=> "function"
 */
export function createDocsHandler(options: DocsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  let documentText: string | undefined;
  let bundle: { readonly plain: Buffer; readonly gzip: Buffer } | undefined;
  // Resolved once: without the optional peer, /docs says how to install it and /docs/scalar.js is 404.
  const bundleFile = options.rendererBundle === undefined ? installedScalar() : options.rendererBundle ?? undefined;
  const withScalar = bundleFile !== undefined;
  const pageText = withScalar ? page() : missingRendererPage;
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const path = (req.url ?? "/").split("?")[0];
    let type: string;
    let body: string | Buffer;
    let encoding: Record<string, string> = {};
    if (path === "/openapi.json") {
      documentText ??= JSON.stringify(openApiDocument(options.version));
      type = "application/json; charset=utf-8";
      body = documentText;
    } else if (path === "/docs" || path === "/docs/") {
      type = "text/html; charset=utf-8";
      body = pageText;
    } else if (path === "/docs/scalar.js" && bundleFile !== undefined) {
      if (bundle === undefined) {
        const plain = readFileSync(bundleFile);
        bundle = { plain, gzip: gzipSync(plain) };
      }
      type = "text/javascript; charset=utf-8";
      // 4.3 MB as is, 1.3 MB gzipped: compressed once, sent to every browser that accepts it.
      const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      body = gzip ? bundle.gzip : bundle.plain;
      encoding = gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : { vary: "accept-encoding" };
    } else {
      return false;
    }
    req.resume();
    res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body), "cache-control": "no-cache", ...encoding });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
