// Nested elements merged by their identifiers (UPS-6, UPS-3): an add-or-edit naming an existing
// contact person, address or device changes exactly the fields it sends (a value replaces, null
// clears where the field may be empty) and every field it leaves out stays; the others are added.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import type { Customer } from "../../src/customer/customer.js";
import { mergeNestedElements, type NestedKind } from "../../src/customer/nested-elements.js";
import { provisionalIds } from "../../src/customer/provisional-ids.js";
import { parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { ABSENT, type Absent } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Issue } from "../../src/shared/issue.js";
import { customerContext } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, fullCustomer, issues, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

// Per nested list: the fields a client may send, a new value for each, and whether null clears it.
const contactFields = {
  firstName: { sent: "Petr", nullable: true },
  lastName: { sent: "Svoboda", nullable: true },
  position: { sent: "CTO", nullable: true },
  phone: { sent: { prefix: "+421", phone: "900 000 000" }, nullable: true },
  email: { sent: "petr@acme.cz", nullable: true },
  sendNotifications: { sent: false, nullable: false },
  sendReports: { sent: false, nullable: false },
} as const;
const addressFields = {
  street: { sent: "Krátká 3", nullable: true },
  city: { sent: "Ostrava", nullable: true },
  postalCode: { sent: "700 30", nullable: true },
  country: { sent: "SK", nullable: true },
  coordinates: { sent: { latitude: 49.83, longitude: 18.28 }, nullable: true },
} as const;
const deviceFields = {
  name: { sent: "Bojler", nullable: false },
  serialNumber: { sent: "SN-2", nullable: true },
  description: { sent: "Elektrický", nullable: true },
  addressId: { sent: "A2", nullable: true },
} as const;

type Spec = Readonly<Record<string, { readonly sent: unknown; readonly nullable: boolean }>>;

/** A patch of some fields of one list: each chosen field gets its new value or, where allowed, null. */
function patchArb(fields: Spec): fc.Arbitrary<Record<string, unknown>> {
  return fc.subarray(Object.keys(fields)).chain((keys) =>
    fc.tuple(...keys.map((k) => ((fields[k] as Spec[string]).nullable ? fc.boolean() : fc.constant(false)))).map((nulls) => {
      const patch: Record<string, unknown> = {};
      keys.forEach((k, i) => (patch[k] = nulls[i] === true ? null : (fields[k] as Spec[string]).sent));
      return patch;
    }),
  );
}

/** What the element must hold after the patch: sent values (addresses resolved to GUIDs), null, or the old value. */
function expected<E extends object>(old: E, patch: Record<string, unknown>, resolve: (k: string, v: unknown) => unknown = (_k, v) => v): E {
  const out: Record<string, unknown> = { ...(old as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) out[k] = v === null ? null : resolve(k, v);
  return out as E;
}

describe("nested patches (UPS-6, GEN-5)", () => {
  it("UPS-6: a nested edit by id or externalId changes exactly the fields sent; every field left out stays", () => {
    fc.assert(
      fc.property(patchArb(contactFields), patchArb(addressFields), patchArb(deviceFields), fc.boolean(), (contact, address, device, byId) => {
        const base = fullCustomer();
        const [p1] = base.contactPeople;
        const [a1, a2] = base.addresses;
        const [d1] = base.serviceObjects;
        if (p1 === undefined || a1 === undefined || a2 === undefined || d1 === undefined) throw new Error("fixture");
        const ident = (e: { id: string; externalId: string | null }) => (byId ? { id: e.id } : { externalId: e.externalId });
        const body = {
          id: base.id,
          name: base.name,
          contactPeople: [{ ...ident(p1), ...contact }],
          addresses: [{ ...ident(a1), ...address }],
          serviceObjects: [{ ...ident(d1), ...device }],
        };
        const r = addOrEditCustomer(value(parseCustomerAddOrEdit(body)), customerContext([base], undefined, 900));
        // A contact with neither name, or an address with neither street nor city, is refused (CUS-9, CUS-10).
        const contactAfter = expected(p1, contact);
        const addressAfter = expected(a1, address);
        const nameless = contactAfter.firstName === null && contactAfter.lastName === null;
        const placeless = addressAfter.street === null && addressAfter.city === null;
        if (nameless || placeless) {
          expect(r.ok).toBe(false);
          return;
        }
        const c = value(r).customer;
        expect(c.contactPeople).toEqual([contactAfter]);
        expect(c.addresses).toEqual([addressAfter, a2]);
        expect(c.serviceObjects).toEqual([expected(d1, device, (k, v) => (k === "addressId" && v === "A2" ? a2.id : v))]);
      }),
    );
  });
});

describe("nested identifiers (UPS-3, UPS-6)", () => {
  it("UPS-3, UPS-6: an id and an externalId naming different elements say that an element's external ID cannot change", () => {
    const p1 = acme.contactPeople[0]?.id;
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ id: p1, externalId: "P2", lastName: "Y" }] }, [acme]))).toEqual([
      {
        code: "IdMismatch",
        path: "contactPeople[0].externalId",
        message: "The ID and the external ID do not name the same element; an element's external ID cannot be set or changed by add-or-edit (UPS-3, UPS-6).", rule: "UPS-3",
      },
    ]);
  });

  it("UPS-3, UPS-6: id and externalId of a nested element pick an element to edit, create one, or are IdMismatch, as the table says", () => {
    const NEW = "0000000a-0000-4000-8000-0000000000aa";
    fc.assert(
      fc.property(fc.constantFrom("absent", "p1", "p2", "new"), fc.constantFrom("absent", "P1", "P2", "NEW"), (idPick, extPick) => {
        const base = fullCustomer();
        const two = value(addOrEditCustomer(value(parseCustomerAddOrEdit({ id: base.id, name: base.name, contactPeople: [{ externalId: "P2", lastName: "Druhý" }] })), customerContext([base], undefined, 700))).customer;
        const [p1, p2] = two.contactPeople;
        if (p1 === undefined || p2 === undefined) throw new Error("fixture");
        const id = idPick === "p1" ? p1.id : idPick === "p2" ? p2.id : idPick === "new" ? NEW : undefined;
        const sent = { ...(id === undefined ? {} : { id }), ...(extPick === "absent" ? {} : { externalId: extPick }), lastName: "Changed" };
        const r = addOrEditCustomer(value(parseCustomerAddOrEdit({ id: two.id, name: two.name, contactPeople: [sent] })), customerContext([two], undefined, 900));
        const byId = id === p1.id ? p1 : id === p2.id ? p2 : undefined;
        const byExt = extPick === "P1" ? p1 : extPick === "P2" ? p2 : undefined;
        // The model of nestedTarget's table.
        let want: "mismatch" | "create" | typeof p1;
        if (id !== undefined && extPick !== "absent") want = byId !== undefined ? (byExt === byId ? byId : "mismatch") : byExt === undefined ? "create" : "mismatch";
        else if (id !== undefined) want = byId ?? "create";
        else if (extPick !== "absent") want = byExt ?? "create";
        else want = "create";
        if (want === "mismatch") {
          expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["IdMismatch@contactPeople[0].externalId"]);
          return;
        }
        const people = value(r).customer.contactPeople;
        if (want === "create") {
          expect(people.slice(0, 2)).toEqual([p1, p2]);
          expect(people[2]).toMatchObject({ lastName: "Changed", externalId: extPick === "absent" ? null : extPick, ...(id === undefined ? {} : { id }) });
        } else {
          expect(people).toEqual([p1, p2].map((p) => (p === want ? { ...p, lastName: "Changed" } : p)));
        }
      }),
    );
  });

  it("UPS-6: called directly, stored elements the request leaves out stay in their order and new ones follow with provisional IDs until the decision succeeds", () => {
    type Named = { readonly id: Guid; readonly externalId: string | null; readonly name: string };
    type Sent = { readonly id: Absent | Guid; readonly externalId: Absent | string; readonly name: string };
    const kind: NestedKind<Named, Sent> = { list: "serviceObjects", build: (_base, input, id, externalId) => ({ id, externalId, name: input.name }) };
    const stored: Named[] = [
      { id: "00000000-0000-4000-8000-000000000001" as Guid, externalId: "X", name: "x" },
      { id: "00000000-0000-4000-8000-000000000002" as Guid, externalId: null, name: "y" },
    ];
    const found: Issue[] = [];
    const merged = mergeNestedElements(stored, [{ id: ABSENT, externalId: ABSENT, name: "new" }, { id: ABSENT, externalId: "X", name: "x2" }], kind, provisionalIds(customerContext().customers), found);
    expect(found).toEqual([]);
    expect(merged.elements.map((e) => [e.externalId, e.name])).toEqual([["X", "x2"], [null, "y"], [null, "new"]]);
    expect(merged.elements[2]?.id.startsWith("provisional:")).toBe(true);
    expect([...merged.origin]).toEqual([[merged.elements[2]?.id, 0], [stored[0]?.id, 1]]);
  });
});
