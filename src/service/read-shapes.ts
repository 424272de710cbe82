import type { Customer } from "../customer/customer.js";
import type { Intervention, InterventionState, ReportDocument } from "../intervention/intervention.js";
import type { Material, MaterialUnit } from "../material/material.js";
import type { Order, OrderState, Priority } from "../order/order.js";
import { decimalToJson } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import { formatInstant } from "../shared/time.js";

/** The customer read shape (docs/service.md "Read shapes"): the stored record, field by field. */
export type CustomerShape = Customer;

/**
 * The customer read shape: every field of docs/service.md, unset optional ones `null`, nested
 * elements in stored order.
 * @param c - the customer record
 * @returns the JSON-ready read shape
 * @example
 * customerShape(customer).contactPeople[0].externalId //=> "jana"
 * customerShape(customer).taxNumber //=> null
 */
export function customerShape(c: Customer): CustomerShape {
  return {
    id: c.id, externalId: c.externalId, name: c.name, kind: c.kind, categoryId: c.categoryId, typeId: c.typeId, ownerId: c.ownerId,
    identificationNumber: c.identificationNumber, taxNumber: c.taxNumber, website: c.website, description: c.description,
    customData: c.customData, notificationEmails: [...c.notificationEmails], sendByPost: c.sendByPost,
    primaryContactPersonId: c.primaryContactPersonId, invoiceAddressId: c.invoiceAddressId, contactAddressId: c.contactAddressId,
    contactPeople: c.contactPeople.map((p) => ({
      id: p.id, externalId: p.externalId, firstName: p.firstName, lastName: p.lastName, position: p.position,
      phone: p.phone === null ? null : { prefix: p.phone.prefix, phone: p.phone.phone },
      email: p.email, sendNotifications: p.sendNotifications, sendReports: p.sendReports,
    })),
    addresses: c.addresses.map((a) => ({
      id: a.id, externalId: a.externalId, street: a.street, city: a.city, postalCode: a.postalCode, country: a.country,
      coordinates: a.coordinates === null ? null : { latitude: a.coordinates.latitude, longitude: a.coordinates.longitude },
    })),
    serviceObjects: c.serviceObjects.map((s) => ({
      id: s.id, externalId: s.externalId, name: s.name, serialNumber: s.serialNumber, description: s.description, addressId: s.addressId,
    })),
  };
}

/** The order read shape (docs/service.md "Read shapes"). */
export interface OrderShape {
  /** GUID. */ readonly id: Guid;
  /** External ID or `null`. */ readonly externalId: string | null;
  /** Lifecycle state. */ readonly state: OrderState;
  /** GUID of the customer. */ readonly customerId: Guid;
  /** GUID of the address. */ readonly addressId: Guid;
  /** GUID of the contact person. */ readonly contactPersonId: Guid;
  /** GUID of the OrderCategory. */ readonly categoryId: Guid;
  /** GUID of the invoicing customer or `null`. */ readonly invoiceCustomerId: Guid | null;
  /** Name or `null`. */ readonly name: string | null;
  /** Minutes or `null`. */ readonly estimatedDuration: number | null;
  /** The customer's request or `null`. */ readonly problemDescriptionFromCustomer: string | null;
  /** Internal note or `null`. */ readonly internalNote: string | null;
  /** JSON text or `null`. */ readonly customData: string | null;
  /** Priority. */ readonly priority: Priority;
  /** GUID of the OrderCustomState or `null`. */ readonly customStateId: Guid | null;
  /** GUIDs of devices. */ readonly serviceObjectIds: readonly Guid[];
  /** GUID of the owner. */ readonly ownerId: Guid;
  /** UTC date-time with `Z`, or `null`. */ readonly requestedDate: string | null;
  /** Documents by post. */ readonly sendByPost: boolean;
  /** Use the orderer's work prices. */ readonly useWorkItemsFromInvoiceCustomer: boolean;
  /** Reason of cancellation or `null`. */ readonly cancellationReason: string | null;
  /** GUIDs of the order's interventions, in planning order. */ readonly interventionIds: readonly Guid[];
}

/**
 * The order read shape, with the GUIDs of its interventions.
 * @param o - the order record
 * @param interventionIds - GUIDs of its interventions, in planning order
 * @returns the JSON-ready read shape (`requestedDate` in UTC with `Z`, GEN-6)
 * @example
 * orderShape(order, []).interventionIds //=> []
 */
export function orderShape(o: Order, interventionIds: readonly Guid[]): OrderShape {
  return {
    id: o.id, externalId: o.externalId, state: o.state, customerId: o.customerId, addressId: o.addressId,
    contactPersonId: o.contactPersonId, categoryId: o.categoryId, invoiceCustomerId: o.invoiceCustomerId, name: o.name,
    estimatedDuration: o.estimatedDuration, problemDescriptionFromCustomer: o.problemDescriptionFromCustomer,
    internalNote: o.internalNote, customData: o.customData, priority: o.priority, customStateId: o.customStateId,
    serviceObjectIds: [...o.serviceObjectIds], ownerId: o.ownerId,
    requestedDate: o.requestedDate === null ? null : formatInstant(o.requestedDate),
    sendByPost: o.sendByPost, useWorkItemsFromInvoiceCustomer: o.useWorkItemsFromInvoiceCustomer,
    cancellationReason: o.cancellationReason, interventionIds: [...interventionIds],
  };
}

/** The InterventionDetail read shape (docs/service.md "Read shapes"). */
export interface InterventionShape {
  /** GUID. */ readonly id: Guid;
  /** External ID or `null`. */ readonly externalId: string | null;
  /** GUID of its order. */ readonly orderId: Guid;
  /** Lifecycle state. */ readonly state: InterventionState;
  /** `YYYY-MM-DD` in the company's time zone. */ readonly day: string;
  /** GUID of the main technician. */ readonly primaryAssigneeId: Guid;
  /** Technicians and their UTC time ranges. */
  readonly assignations: readonly {
    /** GUID of the technician. */ readonly userId: Guid;
    /** UTC date-time with `Z`. */ readonly plannedStart: string;
    /** UTC date-time with `Z`. */ readonly plannedEnd: string;
  }[];
  /** GUID of the InterventionCategory. */ readonly categoryId: Guid;
  /** GUID of the InterventionCustomState or `null`. */ readonly customStateId: Guid | null;
  /** Priority. */ readonly priority: Priority;
  /** Internal note or `null`. */ readonly internalNote: string | null;
  /** GUID of the owner. */ readonly ownerId: Guid;
  /** Documents by post. */ readonly sendByPost: boolean;
  /** Reason of cancellation or `null`. */ readonly cancellationReason: string | null;
}

/**
 * The InterventionDetail read shape: the answer of plan, replan, edit, cancel, the
 * lifecycle moves and the intervention read.
 * @param i - the intervention record
 * @returns the JSON-ready read shape (instants in UTC with `Z`, GEN-6)
 * @example
 * interventionShape(planned).assignations[0].plannedStart //=> "2026-03-12T07:00:00.000Z"
 */
export function interventionShape(i: Intervention): InterventionShape {
  return {
    id: i.id, externalId: i.externalId, orderId: i.orderId, state: i.state, day: i.day, primaryAssigneeId: i.primaryAssigneeId,
    assignations: i.assignations.map((a) => ({ userId: a.userId, plannedStart: formatInstant(a.plannedStart), plannedEnd: formatInstant(a.plannedEnd) })),
    categoryId: i.categoryId, customStateId: i.customStateId, priority: i.priority, internalNote: i.internalNote,
    ownerId: i.ownerId, sendByPost: i.sendByPost, cancellationReason: i.cancellationReason,
  };
}

/** The report-documents read shape (docs/service.md "Read shapes", INT-6). */
export interface ReportDocumentsShape {
  /** One document per form of the intervention's category. */
  readonly documents: readonly {
    /** GUID. */ readonly id: Guid;
    /** GUID of the form. */ readonly formId: Guid;
    /** Name of the form. */ readonly formName: string;
    /** File name. */ readonly fileName: string;
    /** UTC date-time with `Z`. */ readonly createdAt: string;
  }[];
}

/**
 * The read shape of report documents, as `reportDocuments` hands them out (INT-6).
 * @param documents - the documents
 * @returns `{ documents: [{ id, formId, formName, fileName, createdAt }] }`
 * @example
 * reportDocumentsShape(completed.reportDocuments).documents.length //=> 2
 */
export function reportDocumentsShape(documents: readonly ReportDocument[]): ReportDocumentsShape {
  return {
    documents: documents.map((d) => ({ id: d.id, formId: d.formId, formName: d.formName, fileName: d.fileName, createdAt: formatInstant(d.createdAt) })),
  };
}

/** The material read shape (docs/service.md "Read shapes"). */
export interface MaterialShape {
  /** GUID. */ readonly id: Guid;
  /** External ID or `null`. */ readonly externalId: string | null;
  /** Name. */ readonly name: string;
  /** GUID of the MaterialCategory. */ readonly categoryId: Guid;
  /** GUID of the MaterialSupplier. */ readonly supplierId: Guid;
  /** Code or `null`. */ readonly identificationNumber: string | null;
  /** Description or `null`. */ readonly description: string | null;
  /** Supplier's code or `null`. */ readonly supplierCode: string | null;
  /** Unit. */ readonly unit: MaterialUnit;
  /** Sale price as a JSON number. */ readonly price: number;
  /** Cost price as a JSON number, or `null`. */ readonly costPrice: number | null;
}

/**
 * The material read shape, decimals as JSON numbers.
 * @param m - the material record
 * @returns the JSON-ready read shape
 * @example
 * materialShape(screw).price //=> 2.5
 */
export function materialShape(m: Material): MaterialShape {
  return {
    id: m.id, externalId: m.externalId, name: m.name, categoryId: m.categoryId, supplierId: m.supplierId,
    identificationNumber: m.identificationNumber, description: m.description, supplierCode: m.supplierCode, unit: m.unit,
    price: decimalToJson(m.price), costPrice: m.costPrice === null ? null : decimalToJson(m.costPrice),
  };
}
