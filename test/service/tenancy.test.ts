import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Customer } from "../../src/customer/customer.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import type { Store } from "../../src/store/store.js";
import { apiRoutes as routes } from "../../src/api/routes.js";
import { ids, jsonValue, testCustomer, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { adapter, bearer, company, loginAs, seed, snapshot, write, type TestService } from "./support.js";
import { serviceWith } from "./wiring-support.js";

const A = ids(0);
const B = ids(1);

/** A record a path can name: its GUID and, when it has one, its external ID. */
interface Named { id: string; externalId: string | null }

/** Company A's records (external IDs that company B does not use), and B's own. */
interface World {
  s: TestService;
  tokenA: string;
  tokenB: string;
  a: { customers: Customer[]; orders: Named[]; interventions: (Named & { orderId: string })[]; materials: Named[]; stores: Named[] };
  b: { orders: Named[]; interventions: (Named & { orderId: string })[]; stores: Store[] };
}

async function world(): Promise<World> {
  const s = serviceWith((a) => {
    a.materials.forEach((m, i) => { m.externalId = `A-M${i + 1}`; });
    a.stores.forEach((st, i) => { st.externalId = `A-S${i + 1}`; });
    a.stores[0]!.stock = [{ materialId: A.material(1), amount: 10 }, { materialId: A.material(2), amount: null }];
  });
  const customer = testCustomer(0, 1, "A-CUST");
  const o1 = testOrder(customer, 1, "A-ORD-1");
  const o2 = testOrder(customer, 2, "A-ORD-2");
  const i1 = testIntervention(o1, 1, "A-INT-1");
  const i2 = testIntervention(o1, 2, "A-INT-2", "Running");
  const i3 = testIntervention(o2, 3, null, "Completed");
  await write(s, 0, { customers: [customer], orders: [o1, o2], interventions: [i1, i2, i3] });
  const bSeed = await seed(s, 1);
  const st = company(s, 0);
  return {
    s,
    tokenA: await loginAs(s, 0),
    tokenB: await loginAs(s, 1),
    a: {
      customers: [customer],
      orders: [o1, o2],
      interventions: [i1, i2, i3],
      materials: [...st.materials.byId.values()],
      stores: [...st.stores.byId.values()],
    },
    b: { orders: [bSeed.order, bSeed.other], interventions: [bSeed.planned, bSeed.done, bSeed.foreign], stores: [...company(s, 1).stores.byId.values()] },
  };
}

/** Everything company A's token can read about A's records: the tenant's view of its own state. */
async function readsOfA(w: World): Promise<string> {
  const get = async (path: string): Promise<ServiceResponse> => w.s.handle({ method: "GET", path, headers: bearer(w.tokenA) });
  const pending: Promise<ServiceResponse>[] = [];
  for (const c of w.a.customers) pending.push(get(`/customer/${c.id}`));
  for (const o of w.a.orders) pending.push(get(`/order/${o.id}`), get(`/order/${o.id}/allowedActions`));
  for (const i of w.a.interventions) pending.push(get(`/order/${i.orderId}/intervention/${i.id}`), get(`/order/${i.orderId}/intervention/${i.id}/allowedActions`));
  for (const m of w.a.materials) pending.push(get(`/material/${m.id}`));
  for (const st of w.a.stores) pending.push(get(`/store/${st.id}?page=1&pageSize=200&sortBy=amount`));
  const out = await Promise.all(pending);
  for (const r of out) expect((r as ServiceResponse).status).toBe(200);
  return JSON.stringify(out);
}

/** Bodies a route of company B would accept for its own records, so a wrong lookup would show as a write. */
function plausibleBody(method: string, template: string): unknown {
  const t = template.toLowerCase();
  const plan = { primaryAssigneeId: "t1", day: "2026-05-04", categoryId: "revize", assignations: [{ userId: "t1", plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" }] };
  if (t.endsWith("/planintervention") || t.endsWith("/replan")) return plan;
  if (t.endsWith("/cancel")) return { reason: "x" };
  if (/\/(addtostore|removematerial|setmaterialamounts)$/.test(t) || t.includes("/moveto/")) return [{ materialId: "M1", amount: 1 }];
  if (t === "/material/{material}") return { name: "x", categoryId: "elektro", supplierId: "ferona" };
  if (t === "/store/{store}") return method === "PUT" ? { name: "x", availableFor: [] } : undefined;
  if (t === "/order/{order}") return method === "PUT" ? { name: "x" } : undefined;
  if (t === "/order/{order}/intervention/{intervention}") return method === "PUT" ? { internalNote: "x" } : undefined;
  return undefined;
}

const pathRoutes = routes.filter((r) => r.path.includes("{"));

/** One request of company B whose path names at least one of company A's records. */
interface Attempt { method: string; path: string; body: unknown }

function attemptArb(w: World): fc.Arbitrary<Attempt> {
  return fc
    .record({
      route: fc.constantFrom(...pathRoutes),
      form: fc.constantFrom("id", "externalId"),
      // With two placeholders, sometimes B's own record in one of them: a half-foreign path is 404 too.
      mixed: fc.constantFrom("none", "first", "second"),
      pick: fc.nat(),
      upper: fc.boolean(),
      dryRun: fc.constantFrom(undefined, "true", "false"),
      body: fc.oneof(fc.constant<"plausible">("plausible"), jsonValue),
    })
    .map(({ route, form, mixed, pick, upper, dryRun, body }) => {
      const byExt = form === "externalId";
      const choose = <T extends Named>(list: readonly T[]): T => {
        const usable = byExt ? list.filter((x) => x.externalId !== null) : list;
        return usable[pick % usable.length]!;
      };
      const ref = (x: Named): string => (byExt ? encodeURIComponent(x.externalId!) : upper ? x.id.toUpperCase() : x.id);
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const two = placeholders.length === 2;
      const foreignAt = (k: number): boolean => !two || mixed === "none" || (mixed === "first" ? k !== 0 : k !== 1);
      const values: string[] = [];
      if (placeholders[0] === "order" && placeholders[1] === "intervention") {
        const useAOrder = foreignAt(0);
        const useAInt = foreignAt(1);
        const int = choose(useAInt ? w.a.interventions : w.b.interventions);
        const order = useAOrder ? (useAInt ? w.a.orders.find((o) => o.id === int.orderId)! : choose(w.a.orders)) : choose(w.b.orders);
        values.push(ref(order), ref(int));
      } else {
        placeholders.forEach((p, k) => {
          const mine = !foreignAt(k);
          const list = p === "customer" ? w.a.customers : p === "order" ? (mine ? w.b.orders : w.a.orders) : p === "material" ? w.a.materials : mine ? w.b.stores : w.a.stores;
          values.push(ref(choose(list)));
        });
      }
      let k = 0;
      let path = route.path.replace(/\{\w+\}/g, () => values[k++]!);
      if (byExt) path = path.replace(/^\/(\w+)\//, "/$1/externalId/");
      // Action segments match in any case.
      if (upper) path = path.replace(/\/[a-zA-Z]+$/, (seg) => seg.toLowerCase());
      const query = route.method === "GET" && route.path === "/store/{store}" ? ["page=1", "pageSize=50"] : [];
      if (dryRun !== undefined && route.method !== "GET") query.push(`dryRun=${dryRun}`);
      if (query.length > 0) path += `?${query.join("&")}`;
      return { method: route.method, path, body: body === "plausible" ? plausibleBody(route.method, route.path) : body };
    });
}

describe("tenant isolation (AUTH-4)", () => {
  it("AUTH-4, GEN-2, GEN-8: any request of company B naming company A's records in its path, by GUID or external ID, is 404 and A's state is unchanged", async () => {
    const w = await world();
    const before = await readsOfA(w);
    const beforeA = await snapshot(company(w.s, 0));
    const beforeB = await snapshot(company(w.s, 1));
    await fc.assert(
      fc.asyncProperty(attemptArb(w), async (at) => {
        const r = await w.s.handle(at.body === undefined ? { method: at.method, path: at.path, headers: bearer(w.tokenB) } : { method: at.method, path: at.path, headers: bearer(w.tokenB), body: at.body });
        expect(r.status, `${at.method} ${at.path}`).toBe(404);
        expect(r.effects).toEqual([]);
        expect((r.body as { name: string }).name).toBe("NotFound");
        // Indistinguishable from a record that exists nowhere: the message names only what the request sent.
        expect((r.body as { errors: { message: string }[] }).errors[0]!.message).toMatch(/^No (customer|order|intervention|material|store|target store) with the (ID|external ID) /);
      }),
      { numRuns: adapter === "memory" ? 300 : 100 },
    );
    expect(await readsOfA(w)).toBe(before);
    expect(await snapshot(company(w.s, 0))).toEqual(beforeA);
    expect(await snapshot(company(w.s, 1))).toEqual(beforeB);
  });

  it("AUTH-4, GEN-3: company B's bodies that name company A's records are refused (400) and change nothing in A", async () => {
    const w = await world();
    const before = await readsOfA(w);
    const bOrder = w.b.orders[0]!;
    const bStore = w.b.stores[0]!;
    const aCustomer = w.a.customers[0]!;
    const aOrder = w.a.orders[0]!;
    const writes: fc.Arbitrary<Attempt> = fc.oneof(
      fc.constantFrom(aCustomer.id, "A-CUST").map((c) => ({ method: "POST", path: "/order", body: { customerId: c, addressId: "a1", contactPersonId: "cp1", categoryId: "oprava" } })),
      fc.constant({ method: "POST", path: "/order/addOrEdit", body: { id: aOrder.id, customerId: "CUST-1", addressId: "a1", contactPersonId: "cp1", categoryId: "oprava" } }),
      fc.constant({ method: "POST", path: "/customer/addOrEdit", body: { id: aCustomer.id, name: "Převzatý" } }),
      fc.constantFrom(...w.a.materials.map((m) => m.id), "A-M1").map((m) => ({ method: "POST", path: `/store/${bStore.id}/addToStore`, body: [{ materialId: m, amount: 1 }] })),
      fc.constant({ method: "PUT", path: `/store/${bStore.id}`, body: { name: "x", availableFor: [A.tech1] } }),
      fc.constant({ method: "PUT", path: `/order/${bOrder.id}`, body: { addressId: aCustomer.addresses[0]!.id } }),
      fc.constant({ method: "POST", path: `/order/${bOrder.id}/PlanIntervention`, body: { primaryAssigneeId: A.tech1, day: "2026-05-04", categoryId: "revize", assignations: [{ userId: A.tech1, plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" }] } }),
      fc.constant({ method: "PUT", path: `/material/externalId/M1`, body: { name: "x", categoryId: A.category(7), supplierId: A.category(8) } }),
    );
    await fc.assert(
      fc.asyncProperty(writes, fc.boolean(), async (at, dry) => {
        const r = await w.s.handle({ method: at.method, path: dry ? `${at.path}?dryRun=true` : at.path, headers: bearer(w.tokenB), body: at.body });
        expect(r.status, `${at.method} ${at.path} ${JSON.stringify(at.body)}`).toBe(400);
        expect(r.effects).toEqual([]);
      }),
      { numRuns: 60 },
    );
    expect(await readsOfA(w)).toBe(before);
    // B's own store was not touched either.
    expect((await w.s.handle({ method: "GET", path: `/store/${bStore.id}?page=1&pageSize=1`, headers: bearer(w.tokenB) })).body).toMatchObject({ name: bStore.name, externalId: bStore.externalId });
  });

  it("AUTH-4: hand-picked: B reading A's store, order and material by GUID and by external ID is 404", async () => {
    const w = await world();
    const asB = async (path: string): Promise<number> => (await w.s.handle({ method: "GET", path, headers: bearer(w.tokenB) })).status;
    expect(await asB(`/store/${A.store(1)}?page=1&pageSize=10`)).toBe(404);
    expect(await asB("/store/externalId/A-S1?page=1&pageSize=10")).toBe(404);
    expect(await asB(`/order/${w.a.orders[0]!.id}`)).toBe(404);
    expect(await asB("/order/externalId/A-ORD-1")).toBe(404);
    expect(await asB(`/material/${A.material(1)}`)).toBe(404);
    // B's own store with the same shape answers 200: the 404 is about the company, not the route.
    expect(await asB(`/store/${B.store(1)}?page=1&pageSize=10`)).toBe(200);
  });
});
