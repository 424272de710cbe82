// Orders, their customers and the order context, for the unit tests of the order rules.
import fc from "fast-check";
import type { Customer } from "../../../customer/customer.js";
import type { Intervention, InterventionState } from "../../../records/intervention.js";
import { addOrder } from "../../../order/add.js";
import type { OrderContext } from "../../../order/context.js";
import { parseOrderAdd } from "../../../order/request.js";
import type { Order } from "../../../records/order.js";
import type { CatalogValue } from "../../../shared/catalog.js";
import type { Guid } from "../../../shared/guid.js";
import { refIndex } from "../../../shared/reference.js";
import { defaultSettings, type CompanySettings } from "../../../shared/settings.js";
import { admin, gid, idSource, users } from "./customer.js";

/** A customer with two addresses, two contact people and two devices; `n` picks its GUIDs and external IDs. */
export function ownerCustomer(n: number, extra: Partial<Customer> = {}): Customer {
  const el = (k: number) => gid(n * 10 + k, 4);
  return {
    id: gid(n, 5),
    externalId: `C${n}`,
    name: `Customer ${n}`,
    kind: "Company",
    categoryId: gid(1, 1),
    typeId: gid(1, 2),
    ownerId: admin.id,
    identificationNumber: "1",
    taxNumber: null,
    website: null,
    description: null,
    customData: null,
    notificationEmails: [],
    sendByPost: n % 2 === 0,
    primaryContactPersonId: el(3),
    invoiceAddressId: el(1),
    contactAddressId: el(1),
    addresses: [1, 2].map((k) => ({ id: el(k), externalId: `A${k}`, street: null, city: "X", postalCode: null, country: null, coordinates: null })),
    contactPeople: [3, 4].map((k) => ({
      id: el(k),
      externalId: `P${k}`,
      firstName: null,
      lastName: "L",
      position: null,
      phone: null,
      email: null,
      sendNotifications: false,
      sendReports: false,
    })),
    serviceObjects: [5, 6].map((k) => ({ id: el(k), externalId: `D${k}`, name: "Dev", serialNumber: null, description: null, addressId: null })),
    ...extra,
  };
}

/** A customer of the order tests. */
export const customer1: Customer = ownerCustomer(1);
/** Another customer of the order tests. */
export const customer2: Customer = ownerCustomer(2);

/** The order categories. */
export const orderCategories: readonly CatalogValue[] = [
  { id: gid(1, 6), slug: "repair", name: "Repair" },
  { id: gid(2, 6), slug: "install", name: "Install" },
];
/** The custom order states. */
export const orderCustomStates: readonly CatalogValue[] = [{ id: gid(3, 6), slug: "waiting", name: "Waiting" }];

/** An order context over the given orders and customers. */
export function orderContext(orders: readonly Order[] = [], customers: readonly Customer[] = [customer1, customer2], settings: CompanySettings = defaultSettings, start = 1): OrderContext {
  return {
    orders: refIndex(orders, (o) => o.id, (o) => o.externalId),
    customers: refIndex(customers, (c) => c.id, (c) => c.externalId),
    categories: refIndex(orderCategories, (c) => c.id, (c) => c.slug),
    customStates: refIndex(orderCustomStates, (c) => c.id, (c) => c.slug),
    users: refIndex(users, (u) => u.id, (u) => u.externalId),
    settings,
    actorId: admin.id,
    newId: idSource(start),
  };
}

/** A valid order add body for customer 1. */
export function orderBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { customerId: "C1", addressId: "A1", contactPersonId: "P3", categoryId: "repair", ...extra };
}

/** The order a valid add of `orderBody(extra)` creates in the default context; throws when it is refused (a broken fixture). */
export function addedOrder(extra: Record<string, unknown> = {}): Order {
  const p = parseOrderAdd(orderBody(extra));
  if (!p.ok) throw new Error(`fixture: ${JSON.stringify(p.issues)}`);
  const r = addOrder(p.value, orderContext());
  if (!r.ok) throw new Error(`fixture: ${JSON.stringify(r.issues)}`);
  return r.value;
}

/** An intervention of an order in a given state. */
export function interventionOf(orderId: Guid, state: InterventionState, n = 1): Intervention {
  return {
    id: gid(n, 8),
    externalId: null,
    orderId,
    state,
    day: "2026-01-05" as Intervention["day"],
    primaryAssigneeId: gid(3, 3),
    assignations: [],
    categoryId: gid(1, 6),
    customStateId: null,
    priority: "Normal",
    internalNote: null,
    ownerId: admin.id,
    sendByPost: false,
    cancellationReason: null,
    reportDocuments: [],
  };
}

/** A reference to an element of customer 1 or 2, by GUID or external ID. */
function elementRef(list: "addresses" | "contactPeople" | "serviceObjects"): fc.Arbitrary<string> {
  return fc.constantFrom(customer1, customer2).chain((c) =>
    fc.constantFrom(...c[list]).chain((e) => fc.constantFrom(e.id as string, e.externalId ?? e.id, (e.id as string).toUpperCase())),
  );
}

/** The reference fields of an order body, mixing customers 1 and 2 at random. */
export const orderRefs: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    customerId: fc.constantFrom("C1", "C2", customer1.id, customer2.id),
    addressId: elementRef("addresses"),
    contactPersonId: elementRef("contactPeople"),
    serviceObjectIds: fc.array(elementRef("serviceObjects"), { maxLength: 3 }),
    invoiceCustomerId: fc.option(fc.constantFrom("C1", "C2"), { nil: null }),
    useWorkItemsFromInvoiceCustomer: fc.boolean(),
  },
  { requiredKeys: [] },
);
