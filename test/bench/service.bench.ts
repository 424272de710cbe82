import { bench, describe } from "vitest";
import { loadCompany } from "./service-load.js";

// A company with 10,000 orders (and 20,000 planned interventions over 40 technicians),
// collisions on. Each iteration of the mixed workload sends three writes: a plan whose
// assignation is checked against the technician's allocations, a 5-item stock batch, and an
// order edit. Requests per second = 3 × hz.
const load = loadCompany({ materials: 2_000, technicians: 40, customers: 1_000, orders: 10_000, interventionsPerOrder: 2, disableCollisions: true });
let i = 0;

describe("handle, mixed writes over 10,000 orders", () => {
  bench("baseline: GET /order/{id} (a read: routing, auth, lookup, read shape)", () => {
    load.call("GET", `/order/${load.orderIds[i++ % load.orderIds.length]}`);
  });
  bench("mixed: plan with collision check + stock batch of 5 + order edit (3 requests)", () => {
    const k = i++;
    const order = load.orderIds[k % load.orderIds.length] as string;
    const tech = `tech-${k % 40}`;
    const minute = k % 60;
    const d = "2026-08-03";
    load.call("POST", `/order/${order}/PlanIntervention`, {
      primaryAssigneeId: tech, day: d, categoryId: "ic-1",
      assignations: [{ userId: tech, plannedStart: `${d}T10:${String(minute).padStart(2, "0")}:00+02:00`, plannedEnd: `${d}T10:${String(minute).padStart(2, "0")}:30+02:00` }],
    });
    load.call("POST", "/store/externalId/main/addToStore", Array.from({ length: 5 }, (_, j) => ({ materialId: `MAT-${(k * 5 + j) % 2_000}`, amount: 1.5 })));
    load.call("PUT", `/order/${order}`, { name: `Servis ${k}`, priority: k % 2 === 0 ? "High" : "Normal" });
  });
});
