// The second service process of test/bench/pg-service-listing.bench.ts: writes stock to one
// store through `handle` at a fixed rate, on the built package (dist/), until its parent sends
// "stop"; then reports how many writes it made and their latencies, and exits. Forked by the
// bench, which sends the settings as the first message; not run by hand.
import { createFieldService } from "../../dist/service/index.js";
import { postgresStorage } from "../../dist/postgres/index.js";

const [settings] = await new Promise((resolve) => process.once("message", (m) => resolve([m])));
const { url, schema, company, storeId, materialIds, perSecond } = settings;
// The schema holds the company already: the fixture is only validated, not seeded, and the
// configuration comes from the database.
const service = createFieldService({
  fixture: { companies: [{ ...company, materials: [], stores: [] }] },
  storage: postgresStorage({ connectionString: url, schema, maxConnections: 4 }),
});
await service.ready();
const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "load", clientId: "c", secret: "s" } });
const headers = { authorization: `Bearer ${login.body.accessToken}` };

const latencies = [];
let errors = 0;
let inFlight = 0;
let n = 0;
const started = performance.now();
const timer = setInterval(() => {
  // Alternate an add of one to three materials and a set of one: both bump the store's version.
  const i = n++;
  const pick = (k) => materialIds[(i * 7919 + k * 104729) % materialIds.length];
  const add = i % 2 === 0;
  const body = add ? Array.from({ length: 1 + (i % 3) }, (_, k) => ({ materialId: pick(k), amount: 1 })) : [{ materialId: pick(0), amount: i % 1000 }];
  const path = add ? `/store/${storeId}/addToStore` : `/store/${storeId}/setMaterialAmounts`;
  const t = performance.now();
  inFlight++;
  Promise.resolve(service.handle({ method: add ? "POST" : "PUT", path, headers, body }))
    .then((r) => {
      if (r.status >= 300) errors++;
      latencies.push(performance.now() - t);
    })
    .catch(() => errors++)
    .finally(() => inFlight--);
}, 1000 / perSecond);

process.send?.("started");
process.on("message", async (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  process.send?.({ writes: latencies.length, errors, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) });
  await service.close();
  process.exit(0);
});
