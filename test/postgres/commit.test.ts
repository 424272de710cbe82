// The commit statement of a decision (src/postgres/commit.ts), without a database: what it
// compares and sets for each part of a change set. Its effect on a database is tested by
// test/postgres/concurrency.test.ts (lost updates, plans against a cancel, exact stock, one
// booking), round-trips.test.ts and schema.test.ts (migration 7).
import { describe, expect, it } from "vitest";
import { commitStatement, type CommitInput } from "../../src/postgres/commit.js";
import { customerRow, emptyStamp, emptyView } from "../../src/postgres/records.js";
import { putRecord } from "../../src/service/state.js";
import type { JournalRecord } from "../../src/journal/memory.js";
import { journalDraft } from "../../src/journal/entry.js";
import { loadFixture } from "../../src/service/fixture.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite } from "../../src/stock/amount.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";

const A = ids(0);
const config = loadFixture(testFixture())[0]!;
const customer = testCustomer(0, 1, "CUST-1");
const order = testOrder(customer, 1, "ORD-1");
const entry: JournalRecord = {
  draft: journalDraft({
    companyId: A.company, at: 0, operation: "editOrder", method: "PUT", path: "/order/x", form: "id", params: [], dryRun: false, bodyText: "{}", clientId: null,
    userId: A.company, idempotencyKey: null, ids: [], status: 204, answer: undefined, effects: [], changes: [], found: [],
  }),
  fingerprint: null,
};
const intervention = "00000000-0000-4000-8000-0000000000e1" as Guid;
const refusedEntry: JournalRecord = { ...entry, draft: { ...entry.draft, outcome: "refused", status: 400 } };
const dryRunEntry: JournalRecord = { ...entry, draft: { ...entry.draft, outcome: "dryRun", dryRun: true } };
const input = (over: Partial<CommitInput>): CommitInput => ({
  companyId: A.company, view: emptyView(config), stamp: emptyStamp(), changes: undefined, journals: [entry], pathOrder: undefined, idempotencyKey: null, at: 1_000, ...over,
});
/**
 * A statement's values with each array literal `arrayParam` wrote read back as its array (plain
 * elements only: a literal holds no quote, so a JSON text, which starts with `{"` or `[`, is kept).
 */
function bound(st: { values: readonly unknown[] } | undefined): unknown[] | undefined {
  return st?.values.map((v) => {
    if (typeof v !== "string" || !v.startsWith("{") || !v.endsWith("}") || v.includes("\"")) return v;
    const inner = v.slice(1, -1);
    return inner === "" ? [] : inner.split(",").map((e) => (e === "NULL" ? null : /^-?\d+$/.test(e) ? Number(e) : e));
  });
}
/** The number of rows the statement's compare-and-sets must move: its last bound value. */
const expected = (i: CommitInput): unknown => commitStatement("t", i)?.values.at(-1);

describe("the commit statement (issue 33)", () => {
  it("JRN-1: nothing to write, no statement; a journal entry that read nothing writes its entry and compares nothing", () => {
    expect(commitStatement("t", input({ journals: [] }))).toBeUndefined();
    const refusal = commitStatement("t", input({ journals: [refusedEntry] }));
    expect(refusal?.text).toContain("INSERT INTO \"t\".journal");
    expect(refusal?.text).not.toMatch(/UPDATE|FOR SHARE|technician_versions|stock_versions|idempotency_keys/);
    expect(expected(input({ journals: [refusedEntry] }))).toBe(0);
  });

  it("RPL-1, STK-3: a refusal or a dry run share-locks every record its view read at the version read and holds each stock and booking version read (moved by 0), in the commit order of the tables; a committed entry compares none of it", () => {
    const stamp = emptyStamp();
    const store = A.store(1) as Guid;
    // Each map filled out of GUID order: the statement takes the rows in GUID order.
    const [lo, hi] = [customer.id, "ffffffff-0000-4000-8000-000000000001" as Guid];
    stamp.customers.set(hi, 1);
    stamp.customers.set(lo, 2);
    stamp.orders.set(order.id, 5);
    stamp.interventions.set(intervention, 4);
    stamp.stores.set(store, 1);
    stamp.stock.set(A.store(2) as Guid, 9);
    stamp.stock.set(store, 0);
    stamp.technicians.set(A.tech1, 3);
    for (const journals of [[refusedEntry], [dryRunEntry], [entry, refusedEntry]]) {
      const st = commitStatement("t", input({ stamp, journals }));
      const text = st?.text ?? "";
      for (const [name, table] of [["rc", "customers"], ["ro", "orders"], ["ri", "interventions"], ["rs", "stores"]]) {
        expect(text).toContain(`${name} AS (SELECT t.id FROM "t".${table} t JOIN unnest(`);
      }
      expect(text).toContain("ON t.id = x.id AND t.version = x.version");
      expect(text).toContain("FOR SHARE OF t");
      expect(text).toContain("sv AS (INSERT INTO \"t\".stock_versions AS svt (company_id, store_id, version)\n  SELECT $1::uuid, x.id, x.version + 0");
      expect(text).toContain("DO UPDATE SET version = svt.version + 0 WHERE svt.version = EXCLUDED.version - 0");
      expect(text).toContain("tv AS (INSERT INTO \"t\".technician_versions AS tvt (company_id, user_id, version)");
      expect(text).not.toContain("+ 1");
      // Customers, orders, interventions, stores, technicians, stock: the order a commit takes them in.
      const at = ["rc", "ro", "ri", "rs", "tv", "sv"].map((n) => text.indexOf(`(SELECT count(*) FROM ${n})`));
      expect(at.every((x) => x > -1)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      // Arrays of plain elements are bound as the literals arrayParam writes.
      expect(st?.values).toContain(`{${lo},${hi}}`);
      const values = bound(st);
      expect(values).toContainEqual([order.id]);
      expect(values).toContainEqual([5]);
      expect(values).toContainEqual([lo, hi]);
      expect(values).toContainEqual([2, 1]);
      expect(values).toContainEqual([A.store(1), A.store(2)]);
      expect(values).toContainEqual([0, 9]);
      expect(expected(input({ stamp, journals }))).toBe(2 + 1 + 1 + 1 + 1 + 2);
    }
    const committed = commitStatement("t", input({ stamp, journals: [entry] }))?.text ?? "";
    expect(committed).not.toMatch(/FOR SHARE|stock_versions|technician_versions/);
  });

  it("RPL-1: in a group that writes, a refusal's reads the group does not write are share-locked; what it writes is compared by its own update, and stock and bookings move by 1 as for any write", () => {
    const stamp = emptyStamp();
    const store = A.store(1) as Guid;
    stamp.orders.set(order.id, 5);
    stamp.customers.set(customer.id, 2);
    stamp.stock.set(store, 4);
    const changes = { orders: [order], stock: new Map([[store, new Map([[A.material(1) as Guid, finite(3)]])]]) };
    const group = input({ stamp, changes, journals: [entry, refusedEntry] });
    const text = commitStatement("t", group)?.text ?? "";
    expect(text).toContain("uo AS (UPDATE");
    expect(text).toContain("rc AS (SELECT t.id FROM \"t\".customers t");
    expect(text).not.toContain("ro AS");
    expect(text).toContain("x.version + 1");
    expect(text.indexOf("(SELECT count(*) FROM rc)")).toBeLessThan(text.indexOf("(SELECT count(*) FROM uo)"));
    expect(expected(group)).toBe(1 + 1 + 1);
    // An order and an intervention read and not written: share-locked with their tables, after the writes of those tables.
    const other = "ffffffff-0000-4000-8000-0000000000a1" as Guid;
    const wider = emptyStamp();
    for (const [k, v] of stamp.orders) wider.orders.set(k, v);
    wider.orders.set(other, 2);
    wider.interventions.set(intervention, 1);
    wider.stock.set(store, 4);
    const mixed = commitStatement("t", input({ stamp: wider, changes, journals: [refusedEntry, entry] }))?.text ?? "";
    expect(mixed).toContain("ro AS (SELECT t.id FROM \"t\".orders t");
    expect(mixed).toContain("ri AS (SELECT t.id FROM \"t\".interventions t");
    expect(mixed.indexOf("(SELECT count(*) FROM uo)")).toBeLessThan(mixed.indexOf("(SELECT count(*) FROM ro)"));
    expect(mixed.indexOf("(SELECT count(*) FROM ro)")).toBeLessThan(mixed.indexOf("(SELECT count(*) FROM ri)"));
    expect(expected(input({ stamp: wider, changes, journals: [refusedEntry, entry] }))).toBe(1 + 1 + 1 + 1);
    // The path order moved by the write counts as written, not share-locked.
    const planned = { id: intervention, externalId: null, orderId: order.id, state: "Planned", assignations: [] } as never;
    const under = commitStatement("t", input({ stamp, pathOrder: order.id, changes: { interventions: [planned] }, journals: [entry, refusedEntry] }))?.text ?? "";
    expect(under).toContain("po AS");
    expect(under).not.toContain("ro AS");
    expect(commitStatement("t", input({ stamp, changes, journals: [entry] }))?.text).not.toContain("FOR SHARE");
  });

  it("GEN-8: a record the view held is updated only at the version read; a new one is inserted only if its GUID is free; each counts once", () => {
    const stamp = emptyStamp();
    stamp.orders.set(order.id, 7);
    const edit = input({ stamp, changes: { orders: [order] } });
    const text = commitStatement("t", edit)?.text ?? "";
    expect(text).toContain("t.version = x.version");
    expect(JSON.parse(commitStatement("t", edit)?.values[1] as string)).toMatchObject([{ id: order.id, version: 7 }]);
    expect(expected(edit)).toBe(1);
    const add = input({ changes: { customers: [customer], orders: [order] } });
    expect(commitStatement("t", add)?.text).toContain("ON CONFLICT (company_id, id) DO NOTHING RETURNING 1");
    expect(expected(add)).toBe(2);
  });

  it("ORD-11, ORD-13: a write under the path's order moves the order's version unless it writes the order itself", () => {
    const stamp = emptyStamp();
    stamp.orders.set(order.id, 3);
    const intervention = { id: "00000000-0000-4000-8000-0000000000e1", externalId: null, orderId: order.id, state: "Planned", assignations: [] } as never;
    const under = input({ stamp, pathOrder: order.id, changes: { interventions: [intervention] } });
    expect(commitStatement("t", under)?.text).toContain("po AS (UPDATE \"t\".orders SET version = version + 1");
    expect(expected(under)).toBe(2);
    // The order's row is taken before the interventions', as a locked retry takes them (no circle).
    const replanned = { ...(intervention as object), assignations: [{ userId: A.tech1, plannedStart: 1, plannedEnd: 2 }] } as never;
    const held = emptyStamp();
    held.orders.set(order.id, 3);
    held.interventions.set("00000000-0000-4000-8000-0000000000e1" as Guid, 1);
    const text = commitStatement("t", input({ stamp: held, pathOrder: order.id, changes: { interventions: [replanned] } }))?.text ?? "";
    expect(text.indexOf("po AS")).toBeGreaterThan(-1);
    expect(text.indexOf("po AS")).toBeLessThan(text.indexOf("ui AS"));
    expect(text.indexOf("(SELECT count(*) FROM po)")).toBeLessThan(text.indexOf("(SELECT count(*) FROM ui)"));
    const itself = input({ stamp, pathOrder: order.id, changes: { orders: [order] } });
    expect(commitStatement("t", itself)?.text).not.toContain("po AS");
    expect(expected(itself)).toBe(1);
  });

  it("ASN-5, STK-6, IDM-1: every technician and path store read moves from its version; the key is claimed unless remembered; stock of a store not read is a bug", () => {
    const stamp = emptyStamp();
    const store = A.store(1) as Guid;
    stamp.stock.set(store, 4);
    stamp.technicians.set(A.tech1, 0);
    stamp.technicians.set(A.tech2, 2);
    const write = input({ stamp, changes: { stock: new Map([[store, new Map([[A.material(1) as Guid, finite(3)]])]]) }, idempotencyKey: "k" });
    const text = commitStatement("t", write)?.text ?? "";
    expect(text).toContain("technician_versions");
    expect(text).toContain("stock_versions");
    expect(text).toContain("JOIN sv ON sv.id = r.store");
    expect(text).toContain("idempotency_keys");
    expect(expected(write)).toBe(2 + 1 + 1);
    expect(commitStatement("t", write)?.values).toContain(1_000 - 24 * 3_600_000);
    const elsewhere = input({ changes: { stock: new Map([[A.store(2) as Guid, new Map([[A.material(1) as Guid, finite(3)]])]]) } });
    expect(() => commitStatement("t", elsewhere)).toThrow(/without its stock read/);
  });

  it("ASN-5: allocations are rewritten only when an intervention is new, replanned or cancelled: a lifecycle move keeps them; a cancel deletes them", () => {
    const planned = testIntervention(order, 1);
    const rows = (i: CommitInput): { n: unknown[]; re: unknown[] } | undefined => {
      const st = commitStatement("t", i);
      if (st === undefined || !st.text.includes("n AS (SELECT")) return undefined;
      const texts = st.values.filter((v) => typeof v === "string") as string[];
      const n = JSON.parse(texts.find((t) => t.includes("intervention_id")) ?? "[]") as unknown[];
      return { n, re: bound(st)?.find((v) => Array.isArray(v) && v.includes(planned.id)) as unknown[] };
    };
    // New: its assignations become allocation rows.
    expect(rows(input({ changes: { interventions: [planned] } }))?.n).toEqual([{ intervention_id: planned.id, user_id: A.tech1, start_at: planned.assignations[0]!.plannedStart, end_at: planned.assignations[0]!.plannedEnd }]);
    const view = emptyView(config);
    putRecord(view.interventions, planned);
    const stamp = emptyStamp();
    stamp.interventions.set(planned.id, 1);
    // A lifecycle move keeps the same assignations: no allocation statement at all.
    expect(rows(input({ view, stamp, changes: { interventions: [{ ...planned, state: "Running" }] } }))).toBeUndefined();
    // A cancel (same assignations): the intervention's allocations are deleted, none written.
    expect(rows(input({ view, stamp, changes: { interventions: [{ ...planned, state: "Cancelled" }] } }))).toEqual({ n: [], re: [planned.id] });
    // A replan (new assignations): rewritten.
    const moved = { ...planned, assignations: [{ ...planned.assignations[0]!, plannedStart: planned.assignations[0]!.plannedStart + 3_600_000 }] };
    expect(rows(input({ view, stamp, changes: { interventions: [moved] } }))?.n).toHaveLength(1);
    // Cancelled in the view and still cancelled: nothing to rewrite.
    const cancelledView = emptyView(config);
    putRecord(cancelledView.interventions, { ...planned, state: "Cancelled" });
    expect(rows(input({ view: cancelledView, stamp, changes: { interventions: [{ ...planned, state: "Cancelled", internalNote: "x" }] } }))).toBeUndefined();
  });

  it("GEN-8: a table's statement holds an UPDATE only for records the view held and an INSERT only for new ones; new interventions keep their order; nothing read, nothing compared", () => {
    const stamp = emptyStamp();
    stamp.customers.set(customer.id, 2);
    const only = commitStatement("t", input({ stamp, changes: { customers: [customer] } }))?.text ?? "";
    expect(only).toContain("UPDATE \"t\".customers");
    expect(only).not.toContain("INSERT INTO \"t\".customers");
    const fresh = commitStatement("t", input({ changes: { interventions: [testIntervention(order, 1), testIntervention(order, 2)] } }))?.text ?? "";
    expect(fresh).not.toContain("UPDATE \"t\".interventions");
    expect(fresh).toContain("WITH ORDINALITY");
    expect(fresh).toContain("ORDER BY x.ord");
    expect(fresh).not.toMatch(/technician_versions|stock_versions|po AS/);
    // Customers are inserted in no particular order (the journal's rows keep theirs: their `seq`).
    const customers = /ac AS \(([\s\S]*?)RETURNING 1\)/.exec(commitStatement("t", input({ changes: { customers: [customer] } }))?.text ?? "")?.[1];
    expect(customers).toContain("INSERT INTO \"t\".customers");
    expect(customers).not.toContain("WITH ORDINALITY");
  });

  it("UPS-6, ORD-2: a customer's row names each nested element by GUID and by stored external ID", () => {
    const row = customerRow(customer);
    const elements = [...customer.contactPeople, ...customer.addresses, ...customer.serviceObjects];
    expect(row.element_ids).toEqual(elements.map((e) => e.id));
    const tagged = (tag: string, list: readonly { externalId: string | null }[]) => list.flatMap((e) => (e.externalId === null ? [] : [`${tag}:${e.externalId}`]));
    expect(row.element_keys).toEqual([...tagged("c", customer.contactPeople), ...tagged("a", customer.addresses), ...tagged("s", customer.serviceObjects)]);
    expect(row.element_ids.length).toBeGreaterThan(0);
    const nul = customerRow({ ...customer, externalId: "a\u0000b", addresses: customer.addresses.map((a) => ({ ...a, externalId: "x\\y" })) });
    expect(nul.external_id).toBe("a\\0b");
    expect(nul.element_keys).toContain("a:x\\\\y");
  });
});
