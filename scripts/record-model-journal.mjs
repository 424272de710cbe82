#!/usr/bin/env node
// Records the journal that test/journal/replay-oracle.test.ts replays (issue 37 item 3): the
// model-based suite's random runs (plans, replans, cancels, lifecycle moves, order cancels and
// completions, stock adds, removes, sets and moves, dry runs and refusals among them) against the
// demonstration fixture in memory, under a fixed seed and a steered clock, then one pass over
// the writes the suite does not send (customers, orders, an intervention edit, a material and a
// store replaced), and writes the journal of company 1 as NDJSON. Needs a build (`npm run build`).
//   npm run build && node scripts/record-model-journal.mjs test/fixtures/model-journal.ndjson
import { writeFileSync } from "node:fs";
import { createFieldService } from "../dist/service/create.js";
import { demoFixture } from "../dist/service/demo-fixture.js";
import { runModelSuite } from "../dist/testing/model/run.js";

const out = process.argv[2] ?? "test/fixtures/model-journal.ndjson";
let t = Date.parse("2031-02-01T07:00:00Z");
const now = () => new Date((t += 1_000));
const service = createFieldService({ fixture: demoFixture, now, journal: { retention: 100_000 } });
const credentials = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };
await runModelSuite(service, { fixture: demoFixture, credentials, numRuns: 16, maxCommands: 50, seed: 3737, firstDay: "2031-02-03" });

const login = await service.handle({ method: "POST", path: "/auth/login", body: credentials });
const headers = { authorization: `Bearer ${login.body.accessToken}` };
const send = async (method, path, body) => {
  const answer = await service.handle({ method, path, headers, ...(body === undefined ? {} : { body }) });
  if (answer.status >= 500) throw new Error(`${method} ${path}: ${answer.status}`);
  return answer;
};
const company = demoFixture.companies[0];
const customer = { name: "Pekárna U Mlýna", kind: "Company", identificationNumber: "27074358", addresses: [{ externalId: "A1", street: "Hlavní 1" }], contactPeople: [{ externalId: "P1", lastName: "Nováková" }] };
const added = await send("POST", "/customer", customer);
await send("POST", "/customer", { ...customer, identificationNumber: "x" });
await send("POST", "/customer/addOrEdit", { externalId: "CUS-ORACLE", ...customer, name: "Pekárna 2" });
await send("POST", "/customer/addOrEdit", { externalId: "CUS-ORACLE", name: "Pekárna 3" });
const order = await send("POST", "/order", { externalId: "ORD-ORACLE", customerId: added.body.id, addressId: "A1", contactPersonId: "P1", categoryId: company.orderCategories?.[0]?.id ?? "oprava" });
await send("POST", "/order/addOrEdit", { externalId: "ORD-ORACLE-2", customerId: "CUS-ORACLE", addressId: "A1", contactPersonId: "P1", categoryId: "oprava" });
await send("PUT", "/order/externalId/ORD-ORACLE", { name: "renamed" });
const tech = company.users.find((u) => u.roles?.includes("Technik")) ?? company.users[1];
const plan = await send("POST", "/order/externalId/ORD-ORACLE/PlanIntervention", { primaryAssigneeId: tech.id, day: "2031-03-03", categoryId: "revize", assignations: [{ userId: tech.id, plannedStart: "2031-03-03T08:00:00Z", plannedEnd: "2031-03-03T09:00:00Z" }] });
if (plan.status !== 200) throw new Error(`plan: ${JSON.stringify(plan.body)}`);
await send("PUT", `/order/externalId/ORD-ORACLE/intervention/${plan.body.id}`, { description: "edited" });
const material = company.materials[0];
await send("PUT", `/material/${material.id}`, { ...material, id: undefined, name: `${material.name} (nový)` });
const store = company.stores[2];
await send("PUT", `/store/${store.id}`, { name: "Servisní vůz 2b", availableFor: store.availableFor });
if (order.status !== 201) throw new Error(`order: ${JSON.stringify(order.body)}`);

const lines = [];
for (let after = 0; ; ) {
  const page = (await service.handle({ method: "GET", path: `/journal?limit=500&after=${after}`, headers })).body;
  for (const entry of page.items) lines.push(JSON.stringify(entry));
  if (page.next === null) break;
  after = page.next;
}
writeFileSync(out, `${lines.join("\n")}\n`);
const entries = lines.map((l) => JSON.parse(l));
const count = (f) => entries.filter(f).length;
console.log(`${out}: ${entries.length} entries; committed ${count((e) => e.outcome === "committed")}, refused ${count((e) => e.outcome === "refused")}, dry runs ${count((e) => e.outcome === "dryRun")}; operations: ${[...new Set(entries.map((e) => e.operation))].sort().join(", ")}`);
