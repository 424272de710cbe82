#!/usr/bin/env node
// The package as a consumer meets it: pack the tarball (prepack builds), check what it ships,
// install it into throwaway projects outside the repository (offline, from the npm cache that
// `npm ci` filled), and use it there:
//   1. Node ESM imports every entry and runs a parse, a decision and a request through handle;
//   2. a browser TypeScript project ("types": [], lib es2022 + dom, moduleResolution bundler,
//      skipLibCheck false) type-checks against the rules entry and the client entry;
//   3. a Node TypeScript project (module nodenext) type-checks against every entry;
//   4. the command `field-service-rules` runs from the installed package: it answers the login,
//      refuses a bad port and a busy port with one line and a non-zero exit code, and exits 0
//      on SIGTERM;
//   5. a third-party client generated from the shipped docs/openapi.json (openapi-typescript 7,
//      used with openapi-fetch) type-checks under strict TypeScript and, against the stand-in
//      (createHttpServer over the demo fixture), logs in, adds a customer, reads a refusal's
//      rule through `e.rule` with no narrowing (every issue has one, issue 38) and pages a store.
// Exits 1 on the first failing step, printing what failed.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const work = mkdtempSync(join(tmpdir(), "fsr-consumer-"));
const keep = process.argv.includes("--keep");
const started = Date.now();
const entries = Object.keys(pkg.exports).filter((k) => k !== "./package.json").map((k) => (k === "." ? pkg.name : `${pkg.name}/${k.slice(2)}`));

function step(name, fn) {
  const t = Date.now();
  try {
    const result = fn();
    console.log(`ok   ${name} (${Date.now() - t} ms)`);
    return result;
  } catch (error) {
    console.error(`FAIL ${name}\n${error.stdout ?? ""}${error.stderr ?? ""}${error.message}`);
    if (!keep) rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
}
async function stepAsync(name, fn) {
  const t = Date.now();
  try {
    await fn();
    console.log(`ok   ${name} (${Date.now() - t} ms)`);
  } catch (error) {
    console.error(`FAIL ${name}\n${error.message}`);
    if (!keep) rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
}
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const npm = (args, cwd) => run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], cwd);

// The tarball, built by prepack exactly as `npm publish` would.
const tarball = step("npm pack (prepack builds)", () => {
  const out = JSON.parse(npm(["pack", "--json", "--pack-destination", work], root));
  return { path: join(work, out[0].filename), filename: out[0].filename, integrity: out[0].integrity, files: out[0].files.map((f) => f.path) };
});

// `npm install --offline` needs registry metadata that `npm ci` never caches; `npm ci --offline`
// with a lockfile needs only the tarballs, which `npm ci` of this repository did cache. So each
// consumer gets a lockfile naming the tarball and the exact dependency versions of ours.
const rootLock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
// Resolves each name as Node does, from the requiring package's folder up to the top
// (`node_modules/a/node_modules/b`, then `node_modules/b`): a deep dependency tree (Scalar's)
// holds nested copies. Peers and optional dependencies missing from the lockfile are skipped.
function lockEntries(names, into, from = "", mayBeMissing = false) {
  for (const name of names) {
    let base = from;
    let key;
    for (;;) {
      const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`;
      if (rootLock.packages[candidate] !== undefined) {
        key = candidate;
        break;
      }
      if (base === "") break;
      const cut = base.lastIndexOf("/node_modules/");
      base = cut < 0 ? "" : base.slice(0, cut);
    }
    if (key === undefined) {
      if (mayBeMissing) continue;
      throw new Error(`${name} is not in package-lock.json`);
    }
    if (into[key] !== undefined) continue;
    const entry = rootLock.packages[key];
    const { dev, devOptional, peer, ...kept } = entry;
    into[key] = kept;
    lockEntries(Object.keys(entry.dependencies ?? {}), into, key);
    lockEntries([...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {})], into, key, true);
  }
  return into;
}
function installOffline(dir, extra = []) {
  const deps = { [pkg.name]: `file:../${tarball.filename}` };
  for (const spec of extra) deps[spec.slice(0, spec.lastIndexOf("@"))] = spec.slice(spec.lastIndexOf("@") + 1);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ ...manifest, dependencies: deps }, null, 2));
  const packages = {
    "": { name: manifest.name, version: manifest.version, dependencies: deps },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version, resolved: `file:../${tarball.filename}`, integrity: tarball.integrity, license: pkg.license,
      dependencies: pkg.dependencies, ...(pkg.bin === undefined ? {} : { bin: pkg.bin }), engines: pkg.engines,
    },
  };
  lockEntries([...Object.keys(pkg.dependencies), ...extra.map((s) => s.slice(0, s.lastIndexOf("@")))], packages);
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages }, null, 2));
  // --prefer-offline: the tarballs `npm ci` of this repository cached are used, and a package the
  // cache lacks (the lockfile carries no `resolved` URLs, and Scalar's tree is deep) comes from the registry.
  return npm(["ci", "--prefer-offline"], dir);
}

step("the tarball is complete on its own", () => {
  const files = new Set(tarball.files);
  const need = ["package.json", "README.md", "LICENSE", "CHANGELOG.md"];
  for (const value of Object.values(pkg.exports)) {
    if (typeof value === "string") continue;
    need.push(value.types.slice(2), value.default.slice(2));
  }
  for (const bin of Object.values(pkg.bin ?? {})) need.push(bin.replace(/^\.\//, ""));
  const missing = need.filter((f) => !files.has(f));
  if (missing.length > 0) throw new Error(`missing from the tarball: ${missing.join(", ")}`);
  // Every source map and declaration map must point into files that ship.
  const unpacked = join(work, "unpacked");
  mkdirSync(unpacked);
  run("tar", ["-xzf", tarball.path, "-C", unpacked]);
  const dangling = [];
  for (const f of tarball.files.filter((p) => p.endsWith(".map"))) {
    const map = JSON.parse(readFileSync(join(unpacked, "package", f), "utf8"));
    for (const source of map.sources) {
      const target = resolve(dirname(join(unpacked, "package", f)), map.sourceRoot ?? "", source);
      if (!existsSync(target)) dangling.push(`${f} -> ${source}`);
    }
  }
  if (dangling.length > 0) throw new Error(`maps pointing outside the package: ${dangling.slice(0, 5).join(", ")}`);
  // Declarations and the README link only to files in the package or to absolute URLs.
  const relativeLinks = [];
  const readme = readFileSync(join(unpacked, "package", "README.md"), "utf8");
  for (const m of readme.matchAll(/\]\((?!https?:|#)([^)#]+)/g)) {
    if (!existsSync(join(unpacked, "package", m[1]))) relativeLinks.push(`README.md -> ${m[1]}`);
  }
  for (const f of tarball.files.filter((p) => p.endsWith(".d.ts"))) {
    const text = readFileSync(join(unpacked, "package", f), "utf8");
    for (const m of text.matchAll(/\b(SERVICE|RULES|DESIGN|STYLE)\.md\b/g)) relativeLinks.push(`${f} cites ${m[0]}, which does not ship`);
  }
  if (relativeLinks.length > 0) throw new Error(`links to files that do not ship:\n  ${relativeLinks.slice(0, 10).join("\n  ")}`);
  console.log(`     ${tarball.files.length} files`);
});

function project(name, packageJson, files) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, version: "0.0.0", ...packageJson }, null, 2));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

// 1. Node ESM: every entry imports; one parse, one decision, one request through handle.
const esm = project("esm", { type: "module" }, {
  "index.js": `
import * as rules from ${JSON.stringify(pkg.name)};
import { createFieldService } from ${JSON.stringify(`${pkg.name}/service`)};
import { createHttpServer } from ${JSON.stringify(`${pkg.name}/server`)};
import { demoFixture } from ${JSON.stringify(`${pkg.name}/testing`)};
import { createClient, inProcessFetch, FieldServiceError } from ${JSON.stringify(`${pkg.name}/client`)};
const entries = ${JSON.stringify(entries)};
for (const e of entries) await import(e);
const parsed = rules.parseStockAmounts([{ materialId: "M-1", amount: 2 }, { materialId: "M-1", amount: 0.1 }]);
if (!parsed.ok) throw new Error("parse failed");
const sum = rules.addAmounts(rules.amountFromJson(0.1), rules.amountFromJson(0.2));
if (rules.amountToJson(sum) !== 0.3) throw new Error("decision: 0.1 + 0.2 is " + rules.amountToJson(sum));
const service = createFieldService({ fixture: demoFixture });
const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
if (login.status !== 200) throw new Error("login answered " + login.status);
if (typeof createHttpServer !== "function") throw new Error("no createHttpServer");
const client = createClient({ baseUrl: "http://stand-in", tenantCode: "demo", clientId: "demo-client", secret: "demo-secret", fetch: inProcessFetch(service) });
const page = await client.readStore({ externalId: "centralni-sklad" }, { page: 1, pageSize: 1 });
if (page.materials.totalCount !== 20) throw new Error("client: store page " + JSON.stringify(page.materials));
const refused = await client.readOrder({ externalId: "nope" }).catch((e) => e);
if (!(refused instanceof FieldServiceError) || refused.status !== 404) throw new Error("client: expected a 404 FieldServiceError, got " + refused);
console.log("esm consumer ok");
`,
});
// field-service-rules/testing needs its optional peer fast-check (the kit's arbitraries).
const fastCheck = `fast-check@${pkg.devDependencies["fast-check"]}`;
// field-service-rules/postgres needs its optional peer pg (the driver).
const pgDriver = `pg@${pkg.devDependencies["pg"]}`;
step("install the tarball, fast-check and pg into a Node ESM project (offline)", () => installOffline(esm, [fastCheck, pgDriver]));
step("Node ESM imports every entry, parses, decides and handles a request", () => {
  const out = run(process.execPath, ["index.js"], esm);
  if (!out.includes("esm consumer ok")) throw new Error(out);
});

// 2. A browser TypeScript project: no Node types at all.
const browser = project("browser", { type: "module" }, {
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "es2022", lib: ["es2022", "dom"], module: "esnext", moduleResolution: "bundler", types: [],
      strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false, noEmit: true,
    },
    include: ["index.ts"],
  }),
  "index.ts": `
import { customerAddSchema, parseStockAmounts, type Issue } from ${JSON.stringify(pkg.name)};
import { createClient, FieldServiceError, type InterventionShape, type ProblemIssue } from ${JSON.stringify(`${pkg.name}/client`)};
const result = customerAddSchema["~standard"].validate({ name: "x" });
const issues: readonly Issue[] = parseStockAmounts([]).ok ? [] : [];
const client = createClient({ baseUrl: "https://api.example", tenantCode: "demo", clientId: "c", secret: "s", fetch: (url, init) => fetch(url, init) });
export async function plan(): Promise<InterventionShape | readonly ProblemIssue[]> {
  try {
    return await client.planIntervention({ externalId: "ORD-1" }, { primaryAssigneeId: "tech-1", day: "2026-12-03", categoryId: "oprava", assignations: [] });
  } catch (error) {
    if (error instanceof FieldServiceError) return error.problem.errors;
    throw error;
  }
}
export const checked: unknown = [result, issues];
`,
});
step("install the tarball into a browser TypeScript project (offline)", () => installOffline(browser));
step("the browser project type-checks against the rules entry and the client entry with no Node types", () => run(process.execPath, [tsc, "-p", "."], browser));

// 3. A Node TypeScript project with module nodenext: every entry.
const nodeTypes = `@types/node@${pkg.devDependencies["@types/node"]}`;
const nodeTs = project("node-ts", { type: "module" }, {
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "es2022", lib: ["es2023"], module: "nodenext", moduleResolution: "nodenext", types: ["node"],
      strict: true, exactOptionalPropertyTypes: true, skipLibCheck: false, noEmit: true,
    },
    include: ["index.ts"],
  }),
  "index.ts": `
import { parseCustomerAdd } from ${JSON.stringify(pkg.name)};
import { createFieldService, type ServiceResponse } from ${JSON.stringify(`${pkg.name}/service`)};
import { createHttpServer } from ${JSON.stringify(`${pkg.name}/server`)};
import { demoFixture } from ${JSON.stringify(`${pkg.name}/testing`)};
import { createClient, inProcessFetch, type StoreDetail } from ${JSON.stringify(`${pkg.name}/client`)};
const service = createFieldService({ fixture: demoFixture });
const answer: ServiceResponse | Promise<ServiceResponse> = service.handle({ method: "GET", path: "/" });
const page: Promise<StoreDetail> = createClient({ baseUrl: "http://x", tenantCode: "demo", clientId: "c", secret: "s", fetch: inProcessFetch(service) })
  .readStore("3f2504e0-4f89-11d3-9a0c-0305e82c3301", { page: 1, pageSize: 10 });
export const used: unknown = [parseCustomerAdd({}), answer, createHttpServer(service), page];
`,
});
step("install the tarball, fast-check, pg and @types/node into a Node TypeScript project (offline)", () => installOffline(nodeTs, [nodeTypes, fastCheck, pgDriver]));
step("the nodenext project type-checks against every entry", () => run(process.execPath, [tsc, "-p", "."], nodeTs));

// 5. A client generated from the shipped OpenAPI document by a third-party tool, as an integrator
// who never reads our TypeScript would build one: openapi-typescript (run from this repository's
// devDependencies, as the integrator's build would) writes the types, openapi-fetch calls.
const openapiFetch = `openapi-fetch@${pkg.devDependencies["openapi-fetch"]}`;
const generated = project("openapi-client", { type: "module" }, {
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "es2022", lib: ["es2023", "dom"], module: "nodenext", moduleResolution: "nodenext", types: ["node"],
      strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false, outDir: "out",
    },
    include: ["index.ts", "api.d.ts"],
  }),
  "index.ts": `
import createClient from "openapi-fetch";
import type { AddressInfo } from "node:net";
import type { paths } from "./api.js";
import { createFieldService } from ${JSON.stringify(`${pkg.name}/service`)};
import { createHttpServer } from ${JSON.stringify(`${pkg.name}/server`)};
import { demoFixture } from ${JSON.stringify(`${pkg.name}/testing`)};

const server = createHttpServer(createFieldService({ fixture: demoFixture }), { log: () => {} });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const check = (ok: boolean, what: string): void => {
  if (!ok) throw new Error(what);
};
try {
  const api = createClient<paths>({ baseUrl: \`http://127.0.0.1:\${(server.address() as AddressInfo).port}\` });
  const login = await api.POST("/auth/login", { body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
  check(login.data !== undefined, "login: " + JSON.stringify(login.error));
  const headers = { authorization: \`Bearer \${login.data?.accessToken ?? ""}\` };
  const added = await api.POST("/customer", { headers, body: { name: "Generated Client s.r.o.", identificationNumber: "12345678", contactPeople: [{ lastName: "Nový" }], addresses: [{ city: "Brno" }] } });
  check(added.response.status === 201 && typeof added.data?.id === "string", "add: " + added.response.status + " " + JSON.stringify(added.error));
  const refused = await api.POST("/customer", { headers, body: { name: "", contactPeople: [], addresses: [] } });
  // Every issue of every error answer carries its rule: read as it is, no narrowing on code or status.
  const rules: string[] = (refused.error?.errors ?? []).map((e) => e.rule);
  check(refused.response.status === 400 && rules.join() === "CUS-1,CUS-1,CUS-1", "refusal: " + refused.response.status + " " + JSON.stringify(refused.error));
  const page = await api.GET("/store/externalId/{storeExternalId}", { headers, params: { path: { storeExternalId: "centralni-sklad" }, query: { page: 2, pageSize: 5 } } });
  check(page.data?.materials.items.length === 5 && page.data.materials.totalCount === 20, "store page: " + JSON.stringify(page.data?.materials ?? page.error));
  console.log("generated client ok");
} finally {
  server.close();
}
`,
});
step("install the tarball, openapi-fetch, fast-check, pg and @types/node into a project for a generated client (offline)", () => installOffline(generated, [openapiFetch, nodeTypes, fastCheck, pgDriver]));
step("openapi-typescript generates types from the shipped docs/openapi.json", () =>
  run(process.execPath, [join(root, "node_modules", "openapi-typescript", "bin", "cli.js"), join("node_modules", pkg.name, "docs", "openapi.json"), "-o", "api.d.ts"], generated));
step("the generated client type-checks under strict TypeScript", () => run(process.execPath, [tsc, "-p", "."], generated));
step("the generated client logs in, writes, reads a refusal's rule without narrowing and pages a store against the stand-in", () => {
  const out = run(process.execPath, [join("out", "index.js")], generated);
  if (!out.includes("generated client ok")) throw new Error(out);
});

// 4. The command from the installed package.
const bin = join(esm, "node_modules", ".bin", "field-service-rules");
function spawnBin(args, env = {}) {
  const child = spawn(bin, args, { cwd: esm, env: { ...process.env, PORT: "", HOST: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const output = { out: "", err: "" };
  child.stdout.on("data", (d) => (output.out += d));
  child.stderr.on("data", (d) => (output.err += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}
function withTimeout(promise, ms, what) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);
}
await stepAsync("the command answers the README's login and exits 0 on SIGTERM", async () => {
  const p = spawnBin(["--port", "0"]);
  const base = await withTimeout(
    new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /listening on (http:\/\/\S+)/.exec(p.output.out);
        if (m !== null) {
          clearInterval(timer);
          resolve(m[1]);
        }
      }, 50);
      p.exited.then(() => {
        clearInterval(timer);
        reject(new Error(`exited before listening: ${p.output.err}`));
      });
    }),
    10_000,
    "start",
  );
  const r = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }) });
  const body = await r.json();
  if (r.status !== 200 || body.success !== true) throw new Error(`login answered ${r.status} ${JSON.stringify(body)}`);
  const t = Date.now();
  p.child.kill("SIGTERM");
  const { code } = await withTimeout(p.exited, 5_000, "SIGTERM");
  if (code !== 0) throw new Error(`exit code ${code} after SIGTERM; stderr: ${p.output.err}`);
  console.log(`     stopped ${Date.now() - t} ms after SIGTERM`);
});
await stepAsync("--port abc: one line on stderr, exit code 2", async () => {
  const p = spawnBin(["--port", "abc"]);
  const { code } = await withTimeout(p.exited, 5_000, "--port abc");
  const lines = p.output.err.trim().split("\n");
  if (code !== 2 || lines.length !== 1 || !lines[0].includes("--port")) throw new Error(`exit ${code}, stderr ${JSON.stringify(p.output.err)}`);
});
await stepAsync("a busy port: one line on stderr, exit code 1", async () => {
  const blocker = createServer();
  await new Promise((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  try {
    const p = spawnBin([], { PORT: String(blocker.address().port) });
    const { code } = await withTimeout(p.exited, 5_000, "busy port");
    const lines = p.output.err.trim().split("\n");
    if (code !== 1 || lines.length !== 1 || !lines[0].includes("in use")) throw new Error(`exit ${code}, stderr ${JSON.stringify(p.output.err)}`);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});
await stepAsync("--version prints the package version", async () => {
  const p = spawnBin(["--version"]);
  const { code } = await withTimeout(p.exited, 5_000, "--version");
  if (code !== 0 || p.output.out.trim() !== pkg.version) throw new Error(`exit ${code}, stdout ${JSON.stringify(p.output.out)}`);
});

// 5. Without fast-check (issue 34): the demonstration fixture from /service, and what `fixture`
// writes, served back with --fixture, need no test library.
const plain = project("no-fast-check", { type: "module" }, {
  "index.js": `
import { createFieldService, demoFixture } from ${JSON.stringify(`${pkg.name}/service`)};
const login = await createFieldService({ fixture: demoFixture }).handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
if (login.status !== 200) throw new Error("login answered " + login.status);
console.log("no-fast-check consumer ok");
`,
});
step("install the tarball alone, without fast-check, into a Node ESM project (offline)", () => installOffline(plain));
step("the demonstration fixture imports from /service without fast-check, and `fixture` writes it as JSON", () => {
  if (existsSync(join(plain, "node_modules", "fast-check"))) throw new Error("fast-check is installed: the check proves nothing");
  const out = run(process.execPath, ["index.js"], plain);
  if (!out.includes("no-fast-check consumer ok")) throw new Error(out);
  const json = JSON.parse(run(process.execPath, [join(plain, "node_modules", pkg.name, pkg.bin[pkg.name]), "fixture"], plain));
  if (json.companies?.[0]?.tenantCode !== "demo") throw new Error(`fixture: ${JSON.stringify(json).slice(0, 200)}`);
  writeFileSync(join(plain, "demo.json"), JSON.stringify(json));
});
await stepAsync("`--fixture demo.json` (what `fixture` wrote) serves it", async () => {
  const p = spawnBin(["--port", "0", "--fixture", join(plain, "demo.json")]);
  try {
    await withTimeout(
      new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          if (/listening on http/.test(p.output.out)) {
            clearInterval(timer);
            resolve(undefined);
          }
        }, 50);
        p.exited.then(() => {
          clearInterval(timer);
          reject(new Error(`exited before listening: ${p.output.err}`));
        });
      }),
      10_000,
      "start with demo.json",
    );
  } finally {
    p.child.kill("SIGTERM");
    await p.exited;
  }
});

if (!keep) rmSync(work, { recursive: true, force: true });
console.log(`consumer test passed in ${((Date.now() - started) / 1000).toFixed(1)} s${keep ? ` (kept ${work})` : ""}`);
