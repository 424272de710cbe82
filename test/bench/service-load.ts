// Shared set-up of the service benchmarks: one company with technicians, catalogs, materials
// and two stores, loaded through `handle` with customers, orders and interventions.
import { createFieldService, type FieldService, type Fixture, type ServiceResponse } from "../../src/service/index.js";

const hex = (prefix: string, n: number): string => `${prefix.padEnd(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** Sizes of the loaded company. */
export interface LoadSizes {
  readonly materials: number;
  readonly technicians: number;
  readonly customers: number;
  readonly orders: number;
  readonly interventionsPerOrder: number;
  readonly disableCollisions: boolean;
}

const syllables = ["šroub", "matice", "hadice", "chladivo", "kabel", "řídicí", "žárovka", "jistič", "těsnění", "ventil", "filtr", "izolace", "pájka", "čidlo", "ložisko"];

/** A one-company fixture of the given size. */
export function loadFixture(sizes: LoadSizes): Fixture {
  const prefixes: Record<string, string> = { cc: "c1", ct: "c2", oc: "c3", os: "c4", ic: "c5", is: "c6", mc: "c7", ms: "c8" };
  const cats = (p: string, n: number): { id: string; slug: string; name: string }[] => Array.from({ length: n }, (_, i) => ({ id: hex(prefixes[p] as string, i + 1), slug: `${p}-${i}`, name: `${p} ${i}` }));
  return {
    companies: [{
      id: hex("c0", 1), tenantCode: "load", name: "Load s.r.o.", clients: [{ clientId: "c", secret: "s" }],
      settings: { disableCollisions: sizes.disableCollisions, timeZone: "Europe/Prague", locale: "cs" },
      users: [
        { id: hex("a0", 1), name: "Admin", roles: ["Administrator"] },
        ...Array.from({ length: sizes.technicians }, (_, i) => ({ id: hex("b0", i + 1), externalId: `tech-${i}`, name: `Technik ${i}`, roles: ["Technik" as const] })),
      ],
      catalogs: {
        customerCategories: cats("cc", 2), customerTypes: cats("ct", 2), orderCategories: cats("oc", 3), orderCustomStates: cats("os", 2),
        interventionCategories: cats("ic", 2).map((c) => ({ ...c, forms: [{ id: hex("f0", Number(c.id.slice(-2))), name: "Protokol" }] })),
        interventionCustomStates: cats("is", 2), materialCategories: cats("mc", 40), materialSuppliers: cats("ms", 25),
      },
      materials: Array.from({ length: sizes.materials }, (_, i) => ({
        id: hex("d0", i + 1), externalId: `MAT-${i}`,
        name: `${syllables[i % syllables.length]} ${syllables[(i * 7) % syllables.length]} ${i}`,
        categoryId: hex("c7", (i % 40) + 1), supplierId: hex("c8", (i % 25) + 1), identificationNumber: `KOD-${i % 997}`, price: (i % 5000) / 4,
      })),
      stores: [
        { id: hex("e0", 1), externalId: "main", name: "Hlavní sklad", availableFor: [], stock: Array.from({ length: sizes.materials }, (_, i) => ({ materialId: hex("d0", i + 1), amount: i % 50 === 0 ? null : i % 1000 })) },
        { id: hex("e0", 2), externalId: "van", name: "Dodávka", availableFor: [hex("b0", 1)], stock: [] },
      ],
    }],
  };
}

/** What {@link loadCompany} created, to address in requests. */
export interface Loaded {
  readonly service: FieldService;
  readonly headers: { authorization: string };
  readonly customerIds: string[];
  readonly orderIds: string[];
  readonly call: (method: string, path: string, body?: unknown) => ServiceResponse;
}

function must(r: ServiceResponse, what: string): ServiceResponse {
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

/** Creates the service and loads customers, orders and interventions through `handle` (each one journaled: `journalRetention` entries are kept). */
export function loadCompany(sizes: LoadSizes, journalRetention?: number): Loaded {
  let n = 0;
  const service = createFieldService({
    ...(journalRetention === undefined ? {} : { journal: { retention: journalRetention } }),
    fixture: loadFixture(sizes),
    now: () => new Date("2026-06-01T06:00:00Z"),
    newId: () => hex("f1", ++n),
  });
  const call = (method: string, path: string, body?: unknown): ServiceResponse => {
    const r = service.handle({ method, path, headers, ...(body === undefined ? {} : { body }) });
    if (r instanceof Promise) throw new Error("handle is synchronous here");
    return r;
  };
  const login = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "load", clientId: "c", secret: "s" } }) as ServiceResponse;
  const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
  const customerIds: string[] = [];
  for (let i = 0; i < sizes.customers; i++) {
    const r = must(call("POST", "/customer", {
      externalId: `CUST-${i}`, name: `Zákazník ${i}`, identificationNumber: `${10_000_000 + i}`,
      contactPeople: [{ externalId: "cp", firstName: "Jan", lastName: `Novák ${i}`, email: `jan${i}@example.cz`, sendNotifications: true }],
      addresses: [{ externalId: "a", street: `Hlavní ${i}`, city: "Praha", postalCode: "110 00", country: "CZ" }],
    }), "customer");
    customerIds.push((r.body as { id: string }).id);
  }
  const orderIds: string[] = [];
  for (let i = 0; i < sizes.orders; i++) {
    const c = i % sizes.customers;
    const r = must(call("POST", "/order", { externalId: `ORD-${i}`, customerId: `CUST-${c}`, addressId: "a", contactPersonId: "cp", categoryId: "oc-0", name: `Servis ${i}` }), "order");
    orderIds.push((r.body as { id: string }).id);
  }
  for (let i = 0; i < sizes.orders; i++) {
    for (let k = 0; k < sizes.interventionsPerOrder; k++) {
      const slot = i * sizes.interventionsPerOrder + k;
      const tech = `tech-${slot % sizes.technicians}`;
      // Each technician gets consecutive half-hour slots, 28 a day from 06:00 local: no overlaps.
      const s = Math.floor(slot / sizes.technicians);
      const d = new Date(Date.UTC(2026, 6, 1) + Math.floor(s / 28) * 86_400_000).toISOString().slice(0, 10);
      const minutes = 6 * 60 + (s % 28) * 30;
      const at = (m: number): string => `${d}T${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}:00+02:00`;
      must(call("POST", `/order/${orderIds[i]}/PlanIntervention`, {
        primaryAssigneeId: tech, day: d, categoryId: "ic-0",
        assignations: [{ userId: tech, plannedStart: at(minutes), plannedEnd: at(minutes + 30) }],
      }), "plan");
    }
  }
  return { service, headers, customerIds, orderIds, call };
}
