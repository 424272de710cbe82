import type { LoginCompany } from "../auth/login.js";
import { digestSecrets } from "../auth/secret.js";
import type { TokenTable } from "../auth/token.js";
import type { User } from "../auth/user.js";
import { collisionIndex, type CollisionIndex } from "../assignation/collision-index.js";
import type { AssignationContext } from "../assignation/validate.js";
import { orderedCatalog, type CustomerContext } from "../customer/context.js";
import type { Customer } from "../customer/customer.js";
import type { InterventionCancelContext } from "../intervention/cancel.js";
import type { InterventionEditContext } from "../intervention/edit.js";
import type { Intervention } from "../records/intervention.js";
import type { InterventionLifecycleContext } from "../intervention/lifecycle.js";
import type { InterventionPlanContext } from "../order/plan-intervention.js";
import type { InterventionReplanContext } from "../intervention/replan.js";
import type { MaterialContext } from "../material/replace.js";
import type { Material } from "../material/material.js";
import type { OrderCancelContext } from "../order/cancel.js";
import type { OrderContext } from "../order/context.js";
import type { Order } from "../records/order.js";
import type { CatalogValue, InterventionCategory } from "../shared/catalog.js";
import { Dec } from "../shared/decimal.js";
import { guid, type Guid } from "../shared/guid.js";
import { refIndex, type RefIndex } from "../shared/reference.js";
import { defaultSettings, type CompanySettings } from "../shared/settings.js";
import type { Instant, IsoDate } from "../shared/time.js";
import { buildStoreListing, type StoreListing, type StoreListingCatalog } from "../store-listing/build.js";
import type { StoreListingQuery } from "../store/query.js";
import type { Store } from "../store/store.js";
import { finite } from "../stock/amount.js";

/** Readable GUIDs: `n` in the last group. */
function g(n: number): Guid {
  return guid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);
}

const dayStart: Instant = Date.parse("2026-03-12T00:00:00+01:00");

/**
 * An instant on {@link ExampleWorld.day} in Prague (UTC+1 that day), from `"hh:mm"`; `"24:00"` is
 * the next midnight.
 */
function at(hhmm: string): Instant {
  const [h, m] = hhmm.split(":").map(Number);
  return dayStart + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

const admin: User = { id: g(1), externalId: "admin", name: "Alena Správcová", roles: ["Administrator"], deactivated: false };
const technician: User = { id: g(2), externalId: "tech-1", name: "Tomáš Technik", roles: ["Technik"], deactivated: false };
const users: RefIndex<User> = refIndex([admin, technician], (u) => u.id, (u) => u.externalId);

const repair: InterventionCategory = {
  id: g(300), slug: "repair", name: "Repair",
  forms: [{ id: g(301), name: "Protocol" }, { id: g(302), name: "Handover" }],
};
const interventionCategories: RefIndex<InterventionCategory> = refIndex([repair], (c) => c.id, (c) => c.slug);
const interventionCustomStates: RefIndex<CatalogValue> = refIndex([{ id: g(310), slug: "waiting-parts", name: "Waiting for parts" }], (c) => c.id, (c) => c.slug);
const orderCategory: CatalogValue = { id: g(320), slug: "repair", name: "Repair" };
const customerCategory: CatalogValue = { id: g(330), slug: "retail", name: "Retail" };
const customerType: CatalogValue = { id: g(331), slug: "bakery", name: "Bakery" };

const customer: Customer = {
  id: g(200), externalId: "CUST-1", name: "Pekárna U Zlatého klasu", kind: "Company",
  categoryId: customerCategory.id, typeId: customerType.id, ownerId: admin.id,
  identificationNumber: "27074358", taxNumber: null, website: null, description: null, customData: null,
  notificationEmails: ["office@example.cz"], sendByPost: false,
  primaryContactPersonId: g(201), invoiceAddressId: g(202), contactAddressId: g(202),
  contactPeople: [{
    id: g(201), externalId: "jana", firstName: "Jana", lastName: "Malá", position: null,
    phone: { prefix: "+420", phone: "777 123 456" }, email: "jana@example.cz", sendNotifications: true, sendReports: false,
  }],
  addresses: [{ id: g(202), externalId: "shop", street: "Pražská 12", city: "Brno", postalCode: "602 00", country: "CZ", coordinates: null }],
  serviceObjects: [],
};

const openOrder: Order = {
  id: g(400), externalId: "ORD-1", state: "Open", customerId: customer.id, addressId: g(202), contactPersonId: g(201),
  categoryId: orderCategory.id, invoiceCustomerId: null, name: "Fridge not cooling", estimatedDuration: null,
  problemDescriptionFromCustomer: null, internalNote: null, customData: null, priority: "Normal", customStateId: null,
  serviceObjectIds: [], ownerId: admin.id, requestedDate: null, sendByPost: false, useWorkItemsFromInvoiceCustomer: false,
  cancellationReason: null,
};

const planned: Intervention = {
  id: g(500), externalId: "INT-1", orderId: openOrder.id, state: "Planned", day: "2026-03-12" as IsoDate,
  primaryAssigneeId: technician.id, assignations: [{ userId: technician.id, plannedStart: at("08:00"), plannedEnd: at("09:30") }],
  categoryId: repair.id, customStateId: null, priority: "Normal", internalNote: null, ownerId: admin.id, sendByPost: false,
  cancellationReason: null, reportDocuments: [],
};
const completed: Intervention = {
  ...planned, id: g(501), externalId: "INT-2", state: "Completed",
  reportDocuments: [
    { id: g(510), formId: g(301), formName: "Protocol", fileName: "Protocol.pdf", createdAt: at("11:00") },
    { id: g(511), formId: g(302), formName: "Handover", fileName: "Handover.pdf", createdAt: at("11:00") },
  ],
};

const screw: Material = {
  id: g(600), externalId: "SCREW-M6", name: "Šroub M6", categoryId: g(610), supplierId: g(620), identificationNumber: "SPO-1000",
  description: null, supplierCode: "S11", unit: "Amounts", price: new Dec("2.5"), costPrice: null,
};
const cable: Material = {
  id: g(601), externalId: "CABLE-3x1.5", name: "Kabel CYKY 3×1,5", categoryId: g(611), supplierId: g(620), identificationNumber: null,
  description: "Copper installation cable", supplierCode: null, unit: "Meters", price: new Dec("18.9"), costPrice: new Dec("12"),
};

const fasteners: CatalogValue = { id: g(610), slug: "fasteners", name: "Fasteners" };
const cables: CatalogValue = { id: g(611), slug: "cables", name: "Cables" };
const ferona: CatalogValue = { id: g(620), slug: "ferona", name: "Ferona a.s." };
const catalog: StoreListingCatalog = {
  materials: new Map([[screw.id, screw], [cable.id, cable]]),
  categories: new Map([[fasteners.id, fasteners], [cables.id, cables]]),
  suppliers: new Map([[ferona.id, ferona]]),
  locale: "cs",
};
const centralStore: Store = { id: g(700), externalId: "central", name: "Central store", availableFor: [] };

const now: Instant = Date.parse("2026-03-10T09:00:00Z");
let nextId = 0x1000;
const newId = (): Guid => g(nextId++);
const settings: CompanySettings = { ...defaultSettings, disableCollisions: true };

/**
 * A small company's records, typed and consistent with each other, for TSDoc examples and for
 * embedders' own tests: the names an `@example` in this package uses without declaring them
 * (`planned`, `openOrder`, `screw`, `tech`, ...) are the fields of {@link examples}. The day is
 * 2026-03-12 in Europe/Prague; the clock (`now`) stands two days before it.
 */
export interface ExampleWorld {
  /** The company's Administrator (AUTH-6 owner). */
  readonly admin: User;
  /** A technician (role `Technik`), external ID `tech-1`. */
  readonly technician: User;
  /** GUID of {@link ExampleWorld.technician}. */
  readonly tech: Guid;
  /** Both users, by GUID or external ID. */
  readonly users: RefIndex<User>;
  /** A company as login sees it: tenant `acme`, client `demo` with secret `s3cret`. */
  readonly acme: LoginCompany;
  /** GUID of {@link ExampleWorld.acme}. */
  readonly companyId: Guid;
  /** The customer: a company with contact person `jana` (e-mail and SMS allowed) and one notification e-mail. */
  readonly customer: Customer;
  /** GUID of the customer's contact person `jana`. */
  readonly contactId: Guid;
  /** An `Open` order of the customer, external ID `ORD-1`. */
  readonly openOrder: Order;
  /** The same order. */
  readonly order: Order;
  /** A `Completed` order. */
  readonly completedOrder: Order;
  /** A `Cancelled` order. */
  readonly cancelledOrder: Order;
  /** The intervention day, `2026-03-12`. */
  readonly day: IsoDate;
  /** An instant on the day from `"hh:mm"` in Prague time. */
  readonly t: (hhmm: string) => Instant;
  /** The clock of the examples: 2026-03-10T09:00:00Z. */
  readonly now: Instant;
  /** A `Planned` intervention of the open order: the technician from 08:00 to 09:30. */
  readonly planned: Intervention;
  /** The same intervention, `Running`. */
  readonly running: Intervention;
  /** The same intervention, `WaitingForSignature`. */
  readonly waiting: Intervention;
  /** A `Completed` intervention with two report documents. */
  readonly completed: Intervention;
  /** GUID of {@link ExampleWorld.planned}. */
  readonly interventionId: Guid;
  /** Same as {@link ExampleWorld.interventionId}. */
  readonly id: Guid;
  /** The collision index holding {@link ExampleWorld.planned}'s allocation. */
  readonly index: CollisionIndex;
  /** The intervention category `repair`, with two forms. */
  readonly interventionCategories: RefIndex<InterventionCategory>;
  /** A material counted in pieces, external ID `SCREW-M6`, price 2.5. */
  readonly screw: Material;
  /** A material measured in meters. */
  readonly cable: Material;
  /** Both materials, by GUID or external ID. */
  readonly materials: RefIndex<Material>;
  /** A store available to nobody in particular. */
  readonly store: Store;
  /** What a store listing needs to describe the materials: both materials, their categories and supplier, Czech collation. */
  readonly catalog: StoreListingCatalog;
  /** The listing of {@link ExampleWorld.store}: 5 screws and 120 m of cable. */
  readonly listing: StoreListing;
  /** The first page of 20, by name ascending, no search and no filter. */
  readonly byName: StoreListingQuery;
  /** A van store available to the technician. */
  readonly van: Store;
  /** Company settings: the defaults, with collisions forbidden (ASN-5). */
  readonly settings: CompanySettings;
  /** The context of a plan decision for the open order. */
  readonly planContext: InterventionPlanContext;
  /** The context of a replan of {@link ExampleWorld.planned}. */
  readonly replanContext: InterventionReplanContext;
  /** The context of an edit of {@link ExampleWorld.planned}. */
  readonly editContext: InterventionEditContext;
  /** The context of a cancel of {@link ExampleWorld.planned}. */
  readonly cancelContext: InterventionCancelContext;
  /** The context of a lifecycle move of an intervention of the open order. */
  readonly lifecycleContext: InterventionLifecycleContext;
  /** The context of the order decisions (add, edit, add-or-edit) over the customer and the open order. */
  readonly orderContext: OrderContext;
  /** The context of an order cancel of the open order, with {@link ExampleWorld.planned}. */
  readonly orderCancelContext: OrderCancelContext;
  /** The context of the customer decisions (add, add-or-edit). */
  readonly customerContext: CustomerContext;
  /** The context of a material replace. */
  readonly materialContext: MaterialContext;
  /** The context of the assignation checks. */
  readonly assignationContext: AssignationContext;
  /** A token table with no tokens. */
  readonly noTokens: TokenTable<LoginCompany>;
}

/** The records of {@link ExampleWorld}: see there. */
export const examples: ExampleWorld = {
  admin,
  technician,
  tech: technician.id,
  users,
  acme: { id: g(100), tenantCode: "acme", name: "ACME", clients: [{ clientId: "demo", secretHash: digestSecrets().hash("s3cret") }] },
  companyId: g(100),
  customer,
  contactId: g(201),
  openOrder,
  order: openOrder,
  completedOrder: { ...openOrder, id: g(401), externalId: "ORD-2", state: "Completed" },
  cancelledOrder: { ...openOrder, id: g(402), externalId: "ORD-3", state: "Cancelled", cancellationReason: "gone" },
  day: planned.day,
  t: at,
  now,
  planned,
  running: { ...planned, state: "Running" },
  waiting: { ...planned, state: "WaitingForSignature" },
  completed,
  interventionId: planned.id,
  id: planned.id,
  index: collisionIndex([planned]),
  interventionCategories,
  screw,
  cable,
  materials: refIndex([screw, cable], (m) => m.id, (m) => m.externalId),
  store: centralStore,
  catalog,
  listing: buildStoreListing(centralStore.id, new Map([[screw.id, finite(5)], [cable.id, finite(120)]]), catalog),
  byName: { page: 1, pageSize: 20, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null },
  van: { id: g(701), externalId: "van-1", name: "Van 1", availableFor: [technician.id] },
  settings,
  planContext: {
    order: openOrder, customer, users, categories: interventionCategories, customStates: interventionCustomStates, settings,
    allocations: collisionIndex([planned]), takenExternalIds: new Set(["INT-1"]), now, actorId: admin.id, newId,
  },
  replanContext: {
    intervention: planned, order: openOrder, customer, users, categories: interventionCategories, customStates: interventionCustomStates,
    settings, allocations: collisionIndex([planned]), takenExternalIds: new Set(["INT-1"]), now,
  },
  editContext: { intervention: planned, order: openOrder, users, customStates: interventionCustomStates },
  cancelContext: { intervention: planned, order: openOrder, customer, settings },
  lifecycleContext: { order: openOrder, categories: interventionCategories, now, newId },
  orderContext: {
    orders: refIndex([openOrder], (o) => o.id, (o) => o.externalId), customers: refIndex([customer], (c) => c.id, (c) => c.externalId),
    categories: refIndex([orderCategory], (c) => c.id, (c) => c.slug), customStates: refIndex([], (c: CatalogValue) => c.id, (c) => c.slug),
    users, settings, actorId: admin.id, newId,
  },
  orderCancelContext: { order: openOrder, interventions: [planned], customer, settings },
  customerContext: {
    customers: refIndex([customer], (c) => c.id, (c) => c.externalId),
    categories: orderedCatalog([customerCategory]),
    types: orderedCatalog([customerType]),
    users, settings, actorId: admin.id, newId,
  },
  materialContext: {
    categories: refIndex([fasteners, cables], (c) => c.id, (c) => c.slug),
    suppliers: refIndex([ferona], (c) => c.id, (c) => c.slug),
  },
  assignationContext: { users, timeZone: "Europe/Prague" },
  noTokens: { token: () => undefined, company: () => undefined },
};
