// Fixtures and arbitraries for interventions, orders and their context (issue 3).
import fc from "fast-check";
import type { User } from "../../../auth/user.js";
import { emptyCollisionIndex } from "../../../assignation/collision-index.js";
import type { Customer } from "../../../customer/customer.js";
import { interventionStates, type Intervention, type InterventionState } from "../../../records/intervention.js";
import type { InterventionPlanContext } from "../../../order/plan-intervention.js";
import type { InterventionPlanCommand, InterventionReplanCommand } from "../../../intervention/request.js";
import { ABSENT } from "../../../shared/field.js";
import { orderStates, type Order, type OrderState } from "../../../records/order.js";
import type { CatalogValue, InterventionCategory } from "../../../shared/catalog.js";
import { guid, type Guid } from "../../../shared/guid.js";
import { refIndex, type RefIndex } from "../../../shared/reference.js";
import { defaultSettings } from "../../../shared/settings.js";
import { parseDateTime, type IsoDate } from "../../../shared/time.js";

/** A deterministic GUID from a small number. */
export function g(n: number): Guid {
  return guid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);
}

/** A counter-based GUID source, so decisions stay deterministic in tests. */
export function idSource(start = 0x1000): () => Guid {
  let n = start;
  return () => g(n++);
}

/** Instant from a Prague-offset wall clock on a date, e.g. at("2026-03-10", "09:00"). */
export function at(date: string, time: string, offset = "+01:00"): number {
  const t = parseDateTime(`${date}T${time}:00${offset}`);
  if (t === undefined) throw new Error(`bad time ${date} ${time}`);
  return t;
}

/** The administrator's GUID. */
export const ADMIN: Guid = g(1);
/** An active technician. */
export const TECH1: Guid = g(11);
/** An active technician. */
export const TECH2: Guid = g(12);
/** An active technician who is also a dispatcher. */
export const TECH3: Guid = g(13);
/** A dispatcher's GUID (not a technician). */
export const DISPATCHER: Guid = g(20);
/** A deactivated technician. */
export const RETIRED: Guid = g(21);

/** The users of the intervention tests, one of them deactivated. */
export const users: readonly User[] = [
  { id: ADMIN, externalId: "admin", name: "Admin", roles: ["Administrator"], deactivated: false },
  { id: TECH1, externalId: "tech-1", name: "Karel", roles: ["Technik"], deactivated: false },
  { id: TECH2, externalId: "tech-2", name: "Jana", roles: ["Technik"], deactivated: false },
  { id: TECH3, externalId: "tech-3", name: "Petr", roles: ["Technik", "Dispatcher"], deactivated: false },
  { id: DISPATCHER, externalId: "disp", name: "Dana", roles: ["Dispatcher"], deactivated: false },
  { id: RETIRED, externalId: "old", name: "Old", roles: ["Technik"], deactivated: true },
];
/** The users by GUID and external ID. */
export const userIndex: RefIndex<User> = refIndex(users, (u) => u.id, (u) => u.externalId);

/** The intervention category with two forms. */
export const REPAIR: Guid = g(30);
/** The intervention categories: repair (two forms) and visit (none). */
export const categories: readonly InterventionCategory[] = [
  { id: REPAIR, slug: "repair", name: "Repair", forms: [{ id: g(31), name: "Protocol" }, { id: g(32), name: "Checklist" }] },
  { id: g(33), slug: "visit", name: "Visit", forms: [] },
];
/** The categories by GUID and slug. */
export const categoryIndex: RefIndex<InterventionCategory> = refIndex(categories, (c) => c.id, (c) => c.slug);
/** The custom intervention states. */
export const customStates: readonly CatalogValue[] = [{ id: g(40), slug: "waiting-parts", name: "Waiting for parts" }];
/** The custom states by GUID and slug. */
export const customStateIndex: RefIndex<CatalogValue> = refIndex(customStates, (c) => c.id, (c) => c.slug);

/** The customer's contact person. */
export const CONTACT: Guid = g(50);
/** The customer the orders are for. */
export const customer: Customer = {
  id: g(60),
  externalId: null,
  name: "ACME",
  kind: "Company",
  categoryId: g(61),
  typeId: g(62),
  ownerId: ADMIN,
  identificationNumber: "123",
  taxNumber: null,
  website: null,
  description: null,
  customData: null,
  notificationEmails: ["office@acme.cz"],
  sendByPost: false,
  primaryContactPersonId: CONTACT,
  invoiceAddressId: g(51),
  contactAddressId: g(51),
  contactPeople: [
    {
      id: CONTACT,
      externalId: null,
      firstName: "Jana",
      lastName: "Nová",
      position: null,
      phone: { prefix: "+420", phone: "777 123 456" },
      email: "jana@acme.cz",
      sendNotifications: true,
      sendReports: false,
    },
  ],
  addresses: [{ id: g(51), externalId: null, street: "Main 1", city: "Praha", postalCode: null, country: null, coordinates: null }],
  serviceObjects: [],
};

/** An order of the customer in `state`, with `over` applied. */
export function makeOrder(state: OrderState = "Open", over: Partial<Order> = {}): Order {
  return {
    id: g(70),
    externalId: null,
    state,
    customerId: customer.id,
    addressId: g(51),
    contactPersonId: CONTACT,
    categoryId: g(71),
    invoiceCustomerId: null,
    name: null,
    estimatedDuration: null,
    problemDescriptionFromCustomer: null,
    internalNote: null,
    customData: null,
    priority: "High",
    customStateId: null,
    serviceObjectIds: [],
    ownerId: ADMIN,
    requestedDate: null,
    sendByPost: true,
    useWorkItemsFromInvoiceCustomer: false,
    cancellationReason: null,
    ...over,
  };
}

/** The day the interventions are planned on. */
export const DAY: IsoDate = "2026-03-10" as IsoDate;

/** An intervention on DAY in `state`, with `over` applied. */
export function makeIntervention(state: InterventionState = "Planned", over: Partial<Intervention> = {}): Intervention {
  return {
    id: g(80),
    externalId: null,
    orderId: g(70),
    state,
    day: DAY,
    primaryAssigneeId: TECH1,
    assignations: [{ userId: TECH1, plannedStart: at(DAY, "09:00"), plannedEnd: at(DAY, "11:00") }],
    categoryId: REPAIR,
    customStateId: null,
    priority: "Normal",
    internalNote: "note",
    ownerId: ADMIN,
    sendByPost: false,
    cancellationReason: null,
    reportDocuments: [],
    ...over,
  };
}

/** `now` well before DAY (2026-03-01 12:00 Prague), so reminders are due. */
export const NOW: number = at("2026-03-01", "12:00");

/** A valid plan command for TECH1 on DAY, with `over` applied. */
export function planCommand(over: Partial<InterventionPlanCommand> = {}): InterventionPlanCommand {
  return {
    externalId: null,
    primaryAssigneeId: "tech-1",
    day: DAY,
    assignations: [
      { userId: "tech-1", plannedStart: at(DAY, "09:00"), plannedEnd: at(DAY, "11:00") },
      { userId: TECH2, plannedStart: at(DAY, "10:00"), plannedEnd: at(DAY, "12:00") },
    ],
    categoryId: "repair",
    customStateId: null,
    priority: null,
    internalNote: null,
    sendNotificationNow: false,
    sendReminderOneDayBefore: false,
    ...over,
  };
}

/** A plan context over the users, categories and an empty collision index, with `over` applied. */
export function planContext(over: Partial<InterventionPlanContext> = {}): InterventionPlanContext {
  return {
    order: makeOrder(),
    customer,
    users: userIndex,
    categories: categoryIndex,
    customStates: customStateIndex,
    settings: defaultSettings,
    allocations: emptyCollisionIndex,
    now: NOW,
    actorId: DISPATCHER,
    newId: idSource(),
    takenExternalIds: new Set(),
    ...over,
  };
}

/** Any intervention state. */
export const interventionStateArb: fc.Arbitrary<InterventionState> = fc.constantFrom(...interventionStates);
/** Any order state. */
export const orderStateArb: fc.Arbitrary<OrderState> = fc.constantFrom(...orderStates);

/** Interventions of order g(70) in random states. */
export const orderInterventionsArb: fc.Arbitrary<Intervention[]> = fc
  .array(interventionStateArb, { maxLength: 5 })
  .map((states) => states.map((s, i) => makeIntervention(s, { id: g(0x900 + i) })));

/** Deep-freezes a value (objects, arrays, maps and sets), for the "inputs are never mutated" property. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Map) {
    for (const [k, v] of value) { deepFreeze(k); deepFreeze(v); }
    const m = value as Map<unknown, unknown>;
    m.set = () => { throw new Error("mutated a frozen Map"); };
    m.delete = () => { throw new Error("mutated a frozen Map"); };
    m.clear = () => { throw new Error("mutated a frozen Map"); };
  }
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/** The day the replan tests move an intervention to. */
export const REPLAN_DAY = "2026-03-12";

/** A replan of tech-1 for 09:00-10:00 on {@link REPLAN_DAY} in category "visit", nothing else sent, with `over` applied. */
export const replanCommand = (over: Partial<InterventionReplanCommand> = {}): InterventionReplanCommand => ({
  externalId: ABSENT,
  primaryAssigneeId: "tech-1",
  day: REPLAN_DAY as InterventionReplanCommand["day"],
  assignations: [{ userId: "tech-1", plannedStart: at(REPLAN_DAY, "09:00"), plannedEnd: at(REPLAN_DAY, "10:00") }],
  categoryId: "visit",
  customStateId: ABSENT,
  priority: ABSENT,
  internalNote: ABSENT,
  sendNotificationNow: false,
  sendReminderOneDayBefore: false,
  ...over,
});
