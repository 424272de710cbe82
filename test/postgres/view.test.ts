// What a view reads (src/postgres/records.ts, `CompanyRecords.view`): the records its
// operation's loads name and nothing else. A section it does not need costs the database a plan
// and, worse, puts versions into the view's stamp that make the commit stale when an unrelated
// write moves them (a false conflict, one more decision). So: no section over an empty list or a
// missing key is sent, and each load adds its own section only.
import { afterAll, describe, expect, it } from "vitest";
import type { PostgresStorage } from "../../src/postgres/index.js";
import type { ViewStamp } from "../../src/postgres/records.js";
import type { Guid } from "../../src/shared/guid.js";
import { NOTHING, type OperationLoads } from "../../src/service/loads.js";
import type { StoredOperation, StoredParam } from "../../src/service/storage.js";
import { ids, testCustomer } from "../../src/testing/arbitraries/records/fixture.js";
import { loginBody, scenario, scenarioService } from "./scenario.js";
import { databaseUrl, dropSchemas } from "./support.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

/** A view statement: its columns are named after the view's sections (the listing cache's statement, which names its own, is not one). */
const isView = (text: string): boolean => !text.includes(" AS since") && /\) AS (orders|customers|interventions|allocated|materials|stores|path_stores|recorded)\b|\$1::uuid AS company$/.test(text);

/** The sizes of a stamp's tables, by name. */
const sizes = (stamp: ViewStamp): Record<string, number> => ({
  customers: stamp.customers.size, orders: stamp.orders.size, interventions: stamp.interventions.size,
  stores: stamp.stores.size, technicians: stamp.technicians.size, stock: stamp.stock.size,
});

describe.runIf(databaseUrl !== undefined)("a view reads what its loads name, and nothing else", () => {
  it("no view statement of any request in the scenario binds an empty list or a null: a section over nothing is left out, not sent", async () => {
    const sent: { text: string; values: readonly unknown[] }[] = [];
    const { service } = await scenarioService(schemas, { onQuery: (text, values) => sent.push({ text, values: values ?? [] }) });
    try {
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const keyed = { authorization: `Bearer ${token}`, "idempotency-key": "v-1" };
      for (const step of [...scenario, { name: "a keyed write", method: "POST", path: "/store/externalId/S1/addToStore", body: [{ materialId: "M1", amount: 1 }], status: 201 }]) {
        const answer = await service.handle({ method: step.method, path: step.path, headers: step.name === "a keyed write" ? keyed : { authorization: `Bearer ${token}` }, ...(step.body === undefined ? {} : { body: step.body }) });
        expect([step.name, answer.status]).toEqual([step.name, step.status]);
      }
      const views = sent.filter((s) => isView(s.text));
      // One a request, but for the customer add that reads nothing and the store page (the
      // listing cache's statement); the keyed write sends one too.
      expect(views.length).toBe(scenario.filter((s) => s.kind !== "unread" && !s.name.includes("listing page")).length + 1);
      for (const { text, values } of views) {
        const empty = values.flatMap((v, i) => (v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? [`$${i + 1}`] : []));
        expect([text.slice(0, 120), empty]).toEqual([text.slice(0, 120), []]);
      }
      // The Idempotency-Key's section is sent with a key only.
      expect(views.filter((v) => v.text.includes("AS recorded")).map((v) => v.values.includes("v-1"))).toEqual([true]);
    } finally {
      await service.close();
    }
  });

  describe("each load adds its own section and versions only", () => {
    let storage: PostgresStorage;
    let close: () => Promise<void>;
    const sent: string[] = [];
    const load = async (params: readonly StoredParam[], loads: OperationLoads, form: "id" | "externalId" = "externalId"): Promise<{ stamp: ViewStamp; text: string; interventionsByOrder: number }> => {
      const operation: StoredOperation = {
        companyId: A.company, operation: "editOrder", form, params, body: {}, query: new Map(), dryRun: false, loads, at: Date.parse("2026-05-04T07:00:00Z"), idempotencyKey: null,
      };
      sent.length = 0;
      const loaded = await storage.load(operation);
      await storage.release(loaded);
      expect(sent).toHaveLength(1);
      return { stamp: (loaded.stamp as { stamp: ViewStamp }).stamp, text: sent[0]!, interventionsByOrder: loaded.view.interventionsByOrder.size };
    };

    it("an order's path reads the order alone; its customer and its interventions only when the loads ask", async () => {
      const made = await scenarioService(schemas, { onQuery: (text) => sent.push(text) });
      storage = made.storage;
      close = () => made.service.close();
      try {
        const token = ((await made.service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
        const plan = scenario.find((s) => s.path.endsWith("/PlanIntervention"))!;
        expect((await made.service.handle({ method: "POST", path: plan.path, headers: { authorization: `Bearer ${token}` }, body: plan.body })).status).toBe(200);
        const order = [{ name: "order", value: "ORD-1" }] as const;
        const alone = await load(order, NOTHING);
        expect(sizes(alone.stamp)).toEqual({ customers: 0, orders: 1, interventions: 0, stores: 0, technicians: 0, stock: 0 });
        expect(alone.interventionsByOrder).toBe(0);
        expect(alone.text).not.toMatch(/\.interventions|\.customers|\.journal|stock_versions|technician_versions/);
        const withCustomer = await load(order, { ...NOTHING, orderCustomers: true });
        expect(sizes(withCustomer.stamp)).toEqual({ customers: 1, orders: 1, interventions: 0, stores: 0, technicians: 0, stock: 0 });
        const withInterventions = await load(order, { ...NOTHING, orderInterventions: true });
        expect(sizes(withInterventions.stamp)).toEqual({ customers: 0, orders: 1, interventions: 1, stores: 0, technicians: 0, stock: 0 });
        expect(withInterventions.interventionsByOrder).toBe(1);
        // A technician's slots (ASN-5): the allocated interventions and the technician's version.
        const slots = await load(order, { ...NOTHING, allocations: { userIds: [A.tech1, A.tech2], from: Date.parse("2026-05-04T00:00:00Z"), to: Date.parse("2026-05-05T00:00:00Z") } });
        expect(sizes(slots.stamp)).toEqual({ customers: 0, orders: 1, interventions: 1, stores: 0, technicians: 2, stock: 0 });
        expect([...slots.stamp.technicians.keys()].sort()).toEqual([A.tech1, A.tech2].sort());
        expect(slots.stamp.technicians.get(A.tech1)).toBeGreaterThan(0);
        expect(slots.stamp.technicians.get(A.tech2)).toBe(0);
        // A customer found by a nested element (UPS-6): by the element's GUID, or its external ID.
        const customer = (await made.service.handle({ method: "GET", path: "/customer/externalId/CUST-1", headers: { authorization: `Bearer ${token}` } })).body as { contactPeople: { id: Guid }[] };
        const byElementId = await load([], { ...NOTHING, customerElements: { ids: [customer.contactPeople[0]!.id], externalIds: { contactPeople: [], addresses: [], serviceObjects: [] } } });
        expect(sizes(byElementId.stamp).customers).toBe(1);
        const byElementKey = await load([], { ...NOTHING, customerElements: { ids: [], externalIds: { contactPeople: ["cp1"], addresses: [], serviceObjects: [] } } });
        expect(sizes(byElementKey.stamp).customers).toBe(1);
        expect((await load([], { ...NOTHING, customerElements: { ids: [], externalIds: { contactPeople: ["nobody"], addresses: [], serviceObjects: [] } } })).stamp.customers.size).toBe(0);
        // No order on the path: asking for its customer reads nothing (there is no order to follow).
        const none = await load([], { ...NOTHING, orderCustomers: true });
        expect(sizes(none.stamp)).toEqual({ customers: 0, orders: 0, interventions: 0, stores: 0, technicians: 0, stock: 0 });
      } finally {
        await close();
      }
    });

    it("ORD-1: an element named by external ID reads no other customer when a customer read holds it in that list, else one holder in that list, however many hold it", async () => {
      const made = await scenarioService(schemas, { onQuery: (text) => sent.push(text) });
      storage = made.storage;
      try {
        // CUST-1 and 30 more customers each hold contact person `cp1` and address `a1`; one more
        // holds `a1` only as a service object's key (testCustomer: the same keys for every one).
        const many = Array.from({ length: 30 }, (_, n) => testCustomer(0, n + 10, `MANY-${n}`));
        const odd = testCustomer(0, 50, "ODD");
        const other = { ...odd, contactPeople: [{ ...odd.contactPeople[0]!, externalId: "odd-cp" }], addresses: [{ ...odd.addresses[0]!, externalId: "odd-a" }], serviceObjects: [{ ...odd.serviceObjects[0]!, externalId: "a1" }] };
        await storage.write(A.company, { customers: [...many, other] });
        const elements = (lists: Partial<Record<"contactPeople" | "addresses" | "serviceObjects", string[]>>) => ({ ids: [], externalIds: { contactPeople: [], addresses: [], serviceObjects: [], ...lists } });
        const customers = (key: string) => ({ ids: [], externalIds: [key] });
        const read = async (customer: string, lists: Parameters<typeof elements>[0]): Promise<string[]> => {
          const { stamp } = await load([], { ...NOTHING, customers: customers(customer), customerElements: elements(lists) });
          return [...stamp.customers.keys()];
        };
        const idOf = (key: string): Guid => (key === "CUST-1" ? testCustomer(0, 1).id : key === "ODD" ? other.id : many[Number(key.slice(5))]!.id);
        // The order's customer holds both: it alone is read, though other holders come first in the table.
        expect(await read("CUST-1", { addresses: ["a1"], contactPeople: ["cp1"] })).toEqual([idOf("CUST-1")]);
        expect(await read("MANY-29", { addresses: ["a1"], contactPeople: ["cp1"] })).toEqual([idOf("MANY-29")]);
        // ODD holds neither as an address or contact person: ODD and one of the 31 holders of each.
        const foreign = await read("ODD", { addresses: ["a1"], contactPeople: ["cp1"] });
        expect(foreign).toHaveLength(2);
        expect(foreign).toContain(idOf("ODD"));
        // `a1` as a service object: ODD holds it, so nobody else is read; CUST-1 does not, so ODD is.
        expect(await read("ODD", { serviceObjects: ["a1"] })).toEqual([idOf("ODD")]);
        expect((await read("CUST-1", { serviceObjects: ["a1"] })).sort()).toEqual([idOf("CUST-1"), idOf("ODD")].sort());
        // Nobody holds `odd-a` as a contact person: only the customer named is read.
        expect(await read("CUST-1", { contactPeople: ["odd-a"] })).toEqual([idOf("CUST-1")]);
        // Customers named by GUID and by external ID at once: both read, and each holds its keys.
        expect((await load([], { ...NOTHING, customers: { ids: [idOf("ODD")], externalIds: ["CUST-1"] }, customerElements: elements({ addresses: ["a1"] }) })).stamp.customers.size).toBe(2);
        // No customer named: one holder of each key in its list.
        expect((await load([], { ...NOTHING, customerElements: elements({ addresses: ["a1"], serviceObjects: ["a1"] }) })).stamp.customers.size).toBe(2);
        // What the decision answers on such views, as in memory: `a1` is another customer's
        // address (ForeignReference), `odd-a` is ODD's address and nobody's contact person, `cp1`
        // another's contact person, `zz` nobody's (UnknownReference).
        const token = ((await made.service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
        const order = async (body: Record<string, unknown>): Promise<string[]> => {
          const answer = await made.service.handle({ method: "POST", path: "/order", headers: { authorization: `Bearer ${token}` }, body: { customerId: "ODD", categoryId: "oprava", ...body } });
          return [String(answer.status), ...((answer.body as { errors?: { code: string; path: string }[] }).errors ?? []).map((i) => `${i.code}@${i.path}`)];
        };
        expect(await order({ addressId: "a1", contactPersonId: "odd-a", serviceObjectIds: ["zz", "a1"] })).toEqual(["400", "ForeignReference@addressId", "UnknownReference@contactPersonId", "UnknownReference@serviceObjectIds[0]"]);
        expect(await order({ addressId: "odd-a", contactPersonId: "cp1" })).toEqual(["400", "ForeignReference@contactPersonId"]);
        expect(await order({ addressId: "odd-a", contactPersonId: "odd-cp", serviceObjectIds: ["a1"] })).toEqual(["201"]);
      } finally {
        await made.service.close();
      }
    });

    it("a store's path reads the store, and its stock version only when the loads name stock (STK-6)", async () => {
      const made = await scenarioService(schemas, { onQuery: (text) => sent.push(text) });
      storage = made.storage;
      try {
        const store = [{ name: "store", value: "S1" }] as const;
        const bare = await load(store, { ...NOTHING, stores: { ids: [], externalIds: ["S1"] } });
        expect(sizes(bare.stamp)).toEqual({ customers: 0, orders: 0, interventions: 0, stores: 1, technicians: 0, stock: 0 });
        expect(bare.text).not.toMatch(/stock_versions|\.stock\b/);
        const counted = await load(store, { ...NOTHING, materials: { ids: [], externalIds: ["M1"] }, stock: "named" });
        expect(sizes(counted.stamp)).toEqual({ customers: 0, orders: 0, interventions: 0, stores: 1, technicians: 0, stock: 1 });
        expect(counted.text).toMatch(/stock_versions/);
        // An empty batch names stock but no material: the store's version, and no stock rows.
        const emptyBatch = await load(store, { ...NOTHING, stock: "named" });
        expect(sizes(emptyBatch.stamp)).toEqual({ customers: 0, orders: 0, interventions: 0, stores: 1, technicians: 0, stock: 1 });
        // By GUID, in upper case: the same store, the same stock version.
        const byId = await load([{ name: "store", value: A.store(1).toUpperCase() }], { ...NOTHING, materials: { ids: [], externalIds: ["M1"] }, stock: "named" }, "id");
        expect([...byId.stamp.stock.keys()]).toEqual([...counted.stamp.stock.keys()]);
      } finally {
        await made.service.close();
      }
    });
  });
});
