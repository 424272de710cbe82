import type { CustomerShape, InterventionShape, MaterialShape, OrderShape, ReportDocumentsShape } from "../api/read-shapes.js";
import type { Customer } from "../customer/customer.js";
import type { Material } from "../material/material.js";
import type { Intervention, ReportDocument } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import { decimalToJson } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import { formatInstant } from "../shared/time.js";

// The shape types live in src/api/read-shapes.ts (types only, for the client); these names stay.
export type { CustomerShape, InterventionShape, MaterialShape, OrderShape, ReportDocumentsShape } from "../api/read-shapes.js";

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
