#!/usr/bin/env node
// The CPU cost of one login (issue 39): before secrets were hashed (a build of the parent commit,
// given as the dist directory of another checkout), with the in-memory fallback digest, with scrypt
// on the event loop (the command-line server in memory), with scrypt off the event loop
// (`verifyAsync`, the PostgreSQL path, measured on the hasher alone), and a login the throttle
// refuses (429, no hash). Each configuration runs in a child process of its own, alternating; the
// figure is CPU ms per login (user + system of the whole process, so the thread pool's scrypt
// counts), median of the rounds.
// Usage: npm run build && node test/bench/login-cost.mjs [rounds] [before-dist]
//   before-dist: the dist/ of a build of the commit before issue 39 (`git archive main`, `tsc -p tsconfig.build.json`)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";

const here = fileURLToPath(import.meta.url);
const dist = resolve(here, "..", "..", "..", "dist");

if (process.argv[2] !== "--child") {
  const rounds = Number(process.argv[2] ?? 5);
  const before = process.argv[3];
  const configs = [...(before === undefined ? [] : ["before"]), "digest", "scrypt-sync", "scrypt-async", "throttled"];
  const runs = new Map(configs.map((c) => [c, []]));
  for (let r = 0; r < rounds; r++) {
    for (const c of configs) {
      const child = spawnSync(process.execPath, [here, "--child", c, before ?? ""], { encoding: "utf8" });
      if (child.status !== 0) throw new Error(child.stderr);
      runs.get(c).push(Number(child.stdout.trim()));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`| configuration | CPU ms per login, median of ${rounds} | runs |`);
  console.log("|---|---|---|");
  for (const c of configs) console.log(`| ${c} | ${median(runs.get(c)).toFixed(3)} | ${runs.get(c).map((x) => x.toFixed(3)).join(", ")} |`);
  process.exit(0);
}

const config = process.argv[3];
const beforeDist = process.argv[4];
const fixture = {
  companies: [{
    id: "c0000000-0000-4000-8000-000000000001", tenantCode: "load", name: "L", clients: [{ clientId: "c", secret: "correct horse battery staple" }],
    users: [{ id: "a0000000-0000-4000-8000-000000000001", name: "Admin", roles: ["Administrator"] }], materials: [], stores: [],
    catalogs: Object.fromEntries(["customerCategories", "customerTypes", "orderCategories", "orderCustomStates", "interventionCategories", "interventionCustomStates", "materialCategories", "materialSuppliers"].map((k) => [k, []])),
  }],
};
const body = { tenantCode: "load", clientId: "c", secret: "correct horse battery staple" };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let perLogin;
if (config === "scrypt-async") {
  const { scryptSecrets } = await import(`${dist}/postgres/secrets.js`);
  const h = scryptSecrets();
  const stored = h.hash(body.secret);
  for (let i = 0; i < 5; i++) await h.verifyAsync(body.secret, stored);
  const n = 40;
  const t = cpu();
  // Eight at a time, as concurrent logins would come: the semaphore lets two hash at once.
  for (let i = 0; i < n; i += 8) await Promise.all(Array.from({ length: 8 }, () => h.verifyAsync(body.secret, stored)));
  perLogin = (cpu() - t) / n;
} else {
  const { createFieldService } = await import(`${config === "before" ? beforeDist : dist}/service/index.js`);
  const options = { fixture };
  if (config === "scrypt-sync") options.secrets = (await import(`${dist}/postgres/secrets.js`)).scryptSecrets();
  const service = createFieldService(options);
  const expected = config === "throttled" ? 429 : 200;
  if (config === "throttled") for (let i = 0; i < 10; i++) service.handle({ method: "POST", path: "/auth/login", body: { ...body, secret: "wrong" } });
  const n = config === "scrypt-sync" ? 40 : 20_000;
  for (let i = 0; i < Math.min(n, 500); i++) service.handle({ method: "POST", path: "/auth/login", body });
  const t = cpu();
  for (let i = 0; i < n; i++) {
    const r = service.handle({ method: "POST", path: "/auth/login", body });
    if (r.status !== expected) throw new Error(`login answered ${r.status}`);
  }
  perLogin = (cpu() - t) / n;
}
console.log(perLogin);
