// Arbitrary fixtures (companies with their catalogs, users, customers, orders and stock) for the
// service's tests: internal to the package's own tests, not exported from /testing.
import fc from "fast-check";
import type { Customer } from "../../../customer/customer.js";
import type { Intervention } from "../../../records/intervention.js";
import type { Order } from "../../../records/order.js";
import type { Fixture } from "../../../service/fixture.js";
import { guid, type Guid } from "../../../shared/guid.js";
import type { IsoDate } from "../../../shared/time.js";

/** A readable deterministic GUID: `gid(1)` = `00000000-0000-4000-8000-000000000001`; `prefix` keeps kinds apart. */
export function gid(n: number, prefix = 0): Guid {
  return guid(`${prefix.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);
}

/** The GUIDs of one company of the test fixture. */
export interface FixtureIds {
  company: Guid; admin: Guid; dispatcher: Guid; tech1: Guid; tech2: Guid; techOff: Guid;
  category: (n: number) => Guid; form: (n: number) => Guid; material: (n: number) => Guid; store: (n: number) => Guid;
}

/** GUIDs of the test fixture, per company index (0 = A, 1 = B). */
export const ids = (c: number): FixtureIds => ({
  company: gid(1 + c, 0xc0),
  admin: gid(1 + 10 * c, 0xa0),
  dispatcher: gid(2 + 10 * c, 0xa0),
  tech1: gid(3 + 10 * c, 0xa0),
  tech2: gid(4 + 10 * c, 0xa0),
  techOff: gid(5 + 10 * c, 0xa0),
  category: (n: number) => gid(n + 100 * c, 0xb0),
  form: (n: number) => gid(n + 100 * c, 0xb6),
  material: (n: number) => gid(n + 100 * c, 0xd0),
  store: (n: number) => gid(n + 100 * c, 0xe0),
});

/** A sound fixture of two companies, A (`alpha`) and B (`beta`), each with an Administrator, technicians, catalogs, three materials and two stores. */
export function testFixture(): Fixture {
  return {
    companies: [0, 1].map((c) => {
      const i = ids(c);
      const cat = (n: number, slug: string) => ({ id: i.category(n), slug, name: slug.toUpperCase() });
      return {
        id: i.company,
        tenantCode: c === 0 ? "alpha" : "beta",
        name: c === 0 ? "Alpha s.r.o." : "Beta a.s.",
        clients: [{ clientId: "client", secret: c === 0 ? "secret-a" : "secret-b" }],
        settings: { timeZone: "Europe/Prague" },
        users: [
          { id: i.dispatcher, externalId: "disp", name: "Dispečerka", roles: ["Dispatcher"] },
          { id: i.admin, externalId: "admin", name: "Správce", roles: ["Administrator"] },
          { id: i.tech1, externalId: "t1", name: "Technik 1", roles: ["Technik"] },
          { id: i.tech2, externalId: "t2", name: "Technik 2", roles: ["Technik"] },
          { id: i.techOff, name: "Bývalý technik", roles: ["Technik"], deactivated: true },
        ],
        catalogs: {
          customerCategories: [cat(1, "std")],
          customerTypes: [cat(2, "firma")],
          orderCategories: [cat(3, "oprava")],
          orderCustomStates: [cat(4, "ceka")],
          interventionCategories: [{ ...cat(5, "revize"), forms: [{ id: i.form(1), name: "Revizní zpráva" }, { id: i.form(2), name: "Předávací protokol" }] }],
          interventionCustomStates: [cat(6, "potvrzeno")],
          materialCategories: [cat(7, "elektro")],
          materialSuppliers: [cat(8, "ferona")],
        },
        materials: [
          { id: i.material(1), externalId: "M1", name: "Šroub M6", categoryId: "elektro", supplierId: i.category(8), price: 2.5, costPrice: 1.75 },
          { id: i.material(2), externalId: "M2", name: "Kabel CYKY", categoryId: i.category(7), supplierId: "ferona", unit: "Meters" },
          { id: i.material(3), name: "Žárovka", categoryId: "elektro", supplierId: "ferona", identificationNumber: "ZAR-1", description: "LED", supplierCode: "F-9" },
        ],
        stores: [
          { id: i.store(1), externalId: "S1", name: "Sklad", availableFor: ["t1", i.tech2], stock: [{ materialId: "M1", amount: 10 }, { materialId: i.material(2), amount: null }] },
          { id: i.store(2), name: "Auto", availableFor: [] },
        ],
      };
    }),
  };
}

/** A customer record of the test fixture's company `c` with one contact person and one address. */
export function testCustomer(c: number, n: number, externalId: string | null = null): Customer {
  const i = ids(c);
  return {
    id: gid(n, 0xf1 + 0x10 * c), externalId, name: `Zákazník ${n}`, kind: "Company", categoryId: i.category(1), typeId: i.category(2),
    ownerId: i.admin, identificationNumber: "12345678", taxNumber: null, website: null, description: null, customData: null,
    notificationEmails: ["info@example.cz"], sendByPost: false,
    primaryContactPersonId: gid(n, 0xf2 + 0x10 * c), invoiceAddressId: gid(n, 0xf3 + 0x10 * c), contactAddressId: gid(n, 0xf3 + 0x10 * c),
    contactPeople: [{ id: gid(n, 0xf2 + 0x10 * c), externalId: "cp1", firstName: "Jan", lastName: "Novák", position: null, phone: { prefix: "+420", phone: "777123456" }, email: "jan@example.cz", sendNotifications: true, sendReports: false }],
    addresses: [{ id: gid(n, 0xf3 + 0x10 * c), externalId: "a1", street: "Dlouhá 1", city: "Praha", postalCode: "11000", country: "CZ", coordinates: { latitude: 50.09, longitude: 14.42 } }],
    serviceObjects: [{ id: gid(n, 0xf4 + 0x10 * c), externalId: null, name: "Kotel", serialNumber: "K-1", description: null, addressId: gid(n, 0xf3 + 0x10 * c) }],
  };
}

/** An open order of `customer`. */
export function testOrder(customer: Customer, n: number, externalId: string | null = null): Order {
  const c = customer.id.startsWith("000000f1") ? 0 : 1;
  return {
    id: gid(n, 0xf5 + 0x10 * c), externalId, state: "Open", customerId: customer.id, addressId: customer.addresses[0]!.id,
    contactPersonId: customer.contactPeople[0]!.id, categoryId: ids(c).category(3), invoiceCustomerId: null, name: `Zakázka ${n}`,
    estimatedDuration: 90, problemDescriptionFromCustomer: null, internalNote: null, customData: null, priority: "Normal",
    customStateId: null, serviceObjectIds: [], ownerId: ids(c).admin, requestedDate: Date.parse("2026-05-04T08:00:00Z"),
    sendByPost: false, useWorkItemsFromInvoiceCustomer: false, cancellationReason: null,
  };
}

/** A planned intervention of `order` on 2026-05-04, 9:00–11:00 Prague time, by technician 1. */
export function testIntervention(order: Order, n: number, externalId: string | null = null, state: Intervention["state"] = "Planned"): Intervention {
  const c = order.id.startsWith("000000f5") ? 0 : 1;
  return {
    id: gid(n, 0xf6 + 0x10 * c), externalId, orderId: order.id, state, day: "2026-05-04" as IsoDate, primaryAssigneeId: ids(c).tech1,
    assignations: [{ userId: ids(c).tech1, plannedStart: Date.parse("2026-05-04T07:00:00Z"), plannedEnd: Date.parse("2026-05-04T09:00:00Z") }],
    categoryId: ids(c).category(5), customStateId: null, priority: "Normal", internalNote: null, ownerId: ids(c).admin,
    sendByPost: false, cancellationReason: null,
    reportDocuments: state === "Completed"
      ? [{ id: gid(n, 0xf7), formId: ids(c).form(1), formName: "Revizní zpráva", fileName: "revizni-zprava.pdf", createdAt: Date.parse("2026-05-04T09:30:00Z") }]
      : [],
  };
}

/** Any JSON value, small. */
export const jsonValue: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

const segment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "customer", "order", "material", "store", "auth", "login", "externalId", "externalid", "intervention", "addOrEdit", "cancel", "Cancel",
    "complete", "Complete", "PlanIntervention", "planintervention", "Replan", "StartDeparture", "Start", "RequestSignature", "reportDocuments",
    "allowedActions", "addToStore", "removeMaterial", "setMaterialAmounts", "moveTo", "M1", "S1", "t1", "%", "%E0%A4%A", "..", "",
    "00000000-0000-4000-8000-000000000000", "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
  ),
  fc.string({ maxLength: 6 }),
  fc.uuid(),
);

/** Request paths mixing known segments, GUIDs and junk, sometimes with a query. */
export const requestPath: fc.Arbitrary<string> = fc
  .tuple(fc.array(segment, { maxLength: 7 }), fc.option(fc.constantFrom("dryRun=true", "dryRun=1", "page=1&pageSize=2", "a=%zz", "dryRun=false"), { nil: undefined }))
  .map(([segs, q]) => `/${segs.join("/")}${q === undefined ? "" : `?${q}`}`);

/** HTTP methods, in various cases, plus junk. */
export const requestMethod: fc.Arbitrary<string> = fc.oneof(fc.constantFrom("GET", "POST", "PUT", "DELETE", "get", "Put", "PATCH", "HEAD", "OPTIONS", ""), fc.string({ maxLength: 5 }));
