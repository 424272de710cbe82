#!/usr/bin/env node
// The cost of the journal in memory (issue 24: at most 10% of `handle` write throughput): the
// mixed writes of service.bench.ts (a plan with its collision check, a stock batch of 5, an
// order edit) on a loaded company, with the journal keeping 0 entries (no entry is built: the
// baseline), 1,000 (the default) and 10,000. Each configuration runs in a child process of its
// own, alternating, so heap state and JIT warm-up never favour one of them; the figure is CPU
// time per iteration (user + system), less sensitive than wall time to other load.
// Usage: npm run build && node test/bench/journal-cost.mjs [rounds]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const retentionArg = process.argv[2] === "--child" ? Number(process.argv[3]) : undefined;
if (retentionArg === undefined) {
  const rounds = Number(process.argv[2] ?? 5);
  const configs = [0, 1000, 10000];
  const runs = new Map(configs.map((c) => [c, []]));
  for (let r = 0; r < rounds; r++) {
    for (const c of configs) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", String(c)], { encoding: "utf8" });
      if (child.status !== 0) throw new Error(child.stderr);
      runs.get(c).push(Number(child.stdout.trim()));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(runs.get(0));
  console.log("| journal retention | CPU ms per iteration (3 writes), median of " + rounds + " | runs | cost vs none |");
  console.log("|---|---|---|---|");
  for (const c of configs) {
    const m = median(runs.get(c));
    console.log(`| ${c === 0 ? "0 (no entry built)" : c.toLocaleString("en")} | ${m.toFixed(3)} | ${runs.get(c).map((x) => x.toFixed(3)).join(", ")} | ${c === 0 ? "baseline" : `${(((m - base) / base) * 100).toFixed(1)}%`} |`);
  }
  process.exit(0);
}

const { createFieldService } = await import("../../dist/service/index.js");
const retention = retentionArg;
const hex = (prefix, n) => `${prefix.padEnd(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const cats = (p, code, n) => Array.from({ length: n }, (_, i) => ({ id: hex(code, i + 1), slug: `${p}-${i}`, name: `${p} ${i}` }));
const fixture = { companies: [{ id: hex("c0", 1), tenantCode: "load", name: "L", clients: [{ clientId: "c", secret: "s" }], settings: { disableCollisions: true },
  users: [{ id: hex("a0", 1), name: "Admin", roles: ["Administrator"] }, ...Array.from({ length: 40 }, (_, i) => ({ id: hex("b0", i + 1), externalId: `tech-${i}`, name: `T${i}`, roles: ["Technik"] }))],
  catalogs: { customerCategories: cats("cc","c1",2), customerTypes: cats("ct","c2",2), orderCategories: cats("oc","c3",3), orderCustomStates: cats("os","c4",2), interventionCategories: cats("ic","c5",2), interventionCustomStates: cats("is","c6",2), materialCategories: cats("mc","c7",4), materialSuppliers: cats("ms","c8",4) },
  materials: Array.from({ length: 2000 }, (_, i) => ({ id: hex("d0", i + 1), externalId: `MAT-${i}`, name: `m ${i}`, categoryId: hex("c7", 1), supplierId: hex("c8", 1), price: 1 })),
  stores: [{ id: hex("e0", 1), externalId: "main", name: "H", availableFor: [], stock: [] }] }] };
let n = 0;
const s = createFieldService({ fixture, now: () => new Date("2026-06-01T06:00:00Z"), newId: () => hex("f1", ++n), journal: { retention } });
const login = s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "load", clientId: "c", secret: "s" } });
const headers = { authorization: `Bearer ${login.body.accessToken}` };
const call = (method, path, body) => s.handle({ method, path, headers, body });
call("POST", "/customer", { externalId: "C", name: "Z", identificationNumber: "123", contactPeople: [{ externalId: "cp", lastName: "N" }], addresses: [{ externalId: "a", street: "H" }] });
const orders = [];
for (let i = 0; i < 2000; i++) orders.push(call("POST", "/order", { externalId: `O-${i}`, customerId: "C", addressId: "a", contactPersonId: "cp", categoryId: "oc-0" }).body.id);
const c0 = process.cpuUsage();
const N = 6000;
for (let k = 0; k < N; k++) {
  const order = orders[k % orders.length]; const tech = `tech-${k % 40}`; const minute = k % 60; const d = "2026-08-03";
  call("POST", `/order/${order}/PlanIntervention`, { primaryAssigneeId: tech, day: d, categoryId: "ic-1", assignations: [{ userId: tech, plannedStart: `${d}T10:${String(minute).padStart(2, "0")}:00+02:00`, plannedEnd: `${d}T10:${String(minute).padStart(2, "0")}:30+02:00` }] });
  call("POST", "/store/externalId/main/addToStore", Array.from({ length: 5 }, (_, j) => ({ materialId: `MAT-${(k * 5 + j) % 2000}`, amount: 1.5 })));
  call("PUT", `/order/${order}`, { name: `S ${k}`, priority: k % 2 === 0 ? "High" : "Normal" });
}
const c = process.cpuUsage(c0);
console.log(((c.user + c.system) / 1000 / N).toFixed(4));
