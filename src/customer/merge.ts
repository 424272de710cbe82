import { ABSENT, type Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { findReference, refIndex, type RefIndex } from "../shared/reference.js";
import { decideUpsert, optionalField, requiredField } from "../shared/upsert.js";
import type { CustomerContext, OrderedCatalog } from "./context.js";
import { checkCustomData } from "./custom-data.js";
import type { Address, ContactPerson, Customer, ServiceObject } from "./customer.js";
import type { AddressInput, ContactPersonInput, CustomerInput, ServiceObjectInput } from "./request.js";

function filled(text: string | null): boolean {
  return text !== null && text.trim() !== "";
}

/** One nested list's element type, how a request element becomes one, and its JSON key. */
interface NestedKind<E extends { readonly id: Guid; readonly externalId: string | null }, I> {
  readonly list: "contactPeople" | "addresses" | "serviceObjects";
  readonly build: (base: E | undefined, input: I, id: Guid, externalId: string | null, path: string, issues: Issue[]) => E;
}

/** A merged nested list and, per element touched by the request, its request index. */
interface Merged<E> {
  readonly elements: readonly E[];
  readonly origin: ReadonlyMap<Guid, number>;
}

/**
 * Merges request elements into a nested list: each one is matched with the identifier
 * table (UPS-1 to UPS-4 applied per element) and edits its match or is appended; existing
 * elements absent from the request stay, so nothing is deleted. Implements UPS-6.
 */
function mergeNested<E extends { readonly id: Guid; readonly externalId: string | null }, I extends { readonly id: Guid | undefined; readonly externalId: string | undefined }>(
  existing: readonly E[],
  inputs: readonly I[],
  kind: NestedKind<E, I>,
  newId: () => Guid,
  issues: Issue[],
): Merged<E> {
  if (inputs.length === 0) return { elements: existing, origin: new Map() };
  const index = refIndex(existing, (e) => e.id, (e) => e.externalId);
  const out = [...existing];
  const position = new Map<Guid, number>(existing.map((e, i) => [e.id, i]));
  const origin = new Map<Guid, number>();
  inputs.forEach((input, i) => {
    const path = `${kind.list}[${i}]`;
    const target = decideUpsert(input.id, input.externalId, index, path);
    if (!target.ok) {
      issues.push(...target.issues);
      return;
    }
    if (target.value.action === "create") {
      const e = kind.build(undefined, input, newId(), target.value.externalId, path, issues);
      out.push(e);
      origin.set(e.id, i);
    } else {
      const at = position.get(target.value.record.id) as number;
      const current = out[at] as E;
      out[at] = kind.build(current, input, current.id, current.externalId, path, issues);
      origin.set(current.id, i);
    }
  });
  return { elements: out, origin };
}

const contactPersonKind: NestedKind<ContactPerson, ContactPersonInput> = {
  list: "contactPeople",
  build: (base, input, id, externalId, path, issues) => {
    const e: ContactPerson = {
      id,
      externalId,
      firstName: optionalField(input.firstName, base?.firstName ?? null),
      lastName: optionalField(input.lastName, base?.lastName ?? null),
      position: optionalField(input.position, base?.position ?? null),
      phone: optionalField(input.phone, base?.phone ?? null),
      email: optionalField(input.email, base?.email ?? null),
      sendNotifications: requiredField(input.sendNotifications, base?.sendNotifications, () => false, `${path}.sendNotifications`, issues),
      sendReports: requiredField(input.sendReports, base?.sendReports, () => false, `${path}.sendReports`, issues),
    };
    if (!filled(e.firstName) && !filled(e.lastName)) {
      issues.push(issue("Required", `${path}.lastName`, "A contact person needs a non-blank firstName or lastName (CUS-9)."));
    }
    return e;
  },
};

const addressKind: NestedKind<Address, AddressInput> = {
  list: "addresses",
  build: (base, input, id, externalId, path, issues) => {
    const e: Address = {
      id,
      externalId,
      street: optionalField(input.street, base?.street ?? null),
      city: optionalField(input.city, base?.city ?? null),
      postalCode: optionalField(input.postalCode, base?.postalCode ?? null),
      country: optionalField(input.country, base?.country ?? null),
      coordinates: optionalField(input.coordinates, base?.coordinates ?? null),
    };
    if (!filled(e.street) && !filled(e.city)) {
      issues.push(issue("Required", `${path}.city`, "An address needs a non-blank street or city (CUS-10)."));
    }
    return e;
  },
};

function serviceObjectKind(addresses: RefIndex<Address>): NestedKind<ServiceObject, ServiceObjectInput> {
  return {
    list: "serviceObjects",
    build: (base, input, id, externalId, path, issues) => {
      let name = base?.name ?? "";
      if (input.name === ABSENT || input.name === null) {
        if (base === undefined || input.name === null) issues.push(issue("Required", `${path}.name`, "A service object needs a name (CUS-11)."));
      } else name = input.name;
      let addressId: Guid | null = base?.addressId ?? null;
      if (input.addressId === null) addressId = null;
      else if (input.addressId !== ABSENT) {
        const hit = findReference(input.addressId, addresses);
        if (hit === undefined) {
          issues.push(issue("UnknownReference", `${path}.addressId`, `The customer has no address ${JSON.stringify(input.addressId)} (CUS-11).`));
        } else addressId = hit.id;
      }
      return {
        id,
        externalId,
        name,
        serialNumber: optionalField(input.serialNumber, base?.serialNumber ?? null),
        description: optionalField(input.description, base?.description ?? null),
        addressId,
      };
    },
  };
}

/** Reports nested external IDs used twice in one list (CUS-7). */
function checkUniqueExternalIds<E extends { readonly id: Guid; readonly externalId: string | null }>(
  merged: Merged<E>,
  list: string,
  issues: Issue[],
): void {
  const seen = new Set<string>();
  for (const e of merged.elements) {
    if (e.externalId === null) continue;
    if (seen.has(e.externalId)) {
      const at = merged.origin.get(e.id);
      issues.push(
        issue(
          "Duplicate",
          at === undefined ? list : `${list}[${at}].externalId`,
          `The external ID ${JSON.stringify(e.externalId)} is used twice in ${list} (CUS-7).`,
        ),
      );
    }
    seen.add(e.externalId);
  }
}

/**
 * Resolves a reference to a nested element (CUS-6): a value names an element of the merged
 * list by external ID (or GUID); left out keeps the current one or takes the default when
 * creating; `null` clears on an edit and counts as left out when creating.
 */
function nestedReference<E extends { readonly id: Guid; readonly externalId: string | null }>(
  tri: Tri<string>,
  current: Guid | null | undefined,
  elements: readonly E[],
  fallback: () => Guid | null,
  path: string,
  issues: Issue[],
): Guid | null {
  if (tri === ABSENT) return current === undefined ? fallback() : current;
  if (tri === null) return current === undefined ? fallback() : null;
  const hit = findReference(tri, refIndex(elements, (e) => e.id, (e) => e.externalId));
  if (hit !== undefined) return hit.id;
  issues.push(issue("UnknownReference", path, `No element of the customer has the external ID ${JSON.stringify(tri)} (CUS-6).`));
  return current ?? null;
}

function catalogField(tri: Tri<string>, current: Guid | undefined, catalog: OrderedCatalog, path: string, what: string, issues: Issue[]): Guid {
  const none = "" as Guid;
  if (typeof tri === "string") {
    const hit = findReference(tri, catalog);
    if (hit !== undefined) return hit.id;
    issues.push(issue("UnknownReference", path, `No ${what} has the ID or slug ${JSON.stringify(tri)} (GEN-3).`));
    return current ?? none;
  }
  return requiredField(
    tri,
    current,
    () => {
      const first = catalog.values[0];
      if (first !== undefined) return first.id;
      issues.push(issue("Required", path, `The ${what} catalog is empty, so ${path} must be sent (CUS-5).`));
      return none;
    },
    path,
    issues,
  );
}

/**
 * Builds the customer a request leaves: a new one (`base` undefined, defaults applied,
 * CUS-5) or `base` merged with the request (UPS-5 to UPS-7), then checks the kind rules, the
 * nested references, nested external IDs, devices' addresses, customData and external-ID
 * uniqueness on the result (UPS-8). Every issue is collected (GEN-9). Implements CUS-2 to
 * CUS-12, UPS-5 to UPS-8 and GEN-4.
 * @param base - the customer being edited, or `undefined` to create
 * @param input - the parsed request fields
 * @param externalId - the external ID of the result (the table's decision, UPS-2/UPS-3)
 * @param ctx - records, catalogs, settings, actor and ID source
 * @returns the customer, or every issue
 * @example
 * buildCustomer(undefined, input, "C-1", ctx).value.kind //=> "Company"
 */
export function buildCustomer(base: Customer | undefined, input: CustomerInput, externalId: string | null, ctx: CustomerContext): Result<Customer> {
  const issues: Issue[] = [];
  const creating = base === undefined;
  if (creating && externalId !== null && ctx.customers.byKey.has(externalId)) {
    issues.push(issue("DuplicateExternalId", "externalId", `Another customer has the external ID ${JSON.stringify(externalId)} (GEN-4).`));
  }
  const id = base?.id ?? ctx.newId();
  const kind = requiredField(input.kind, base?.kind, () => "Company" as const, "kind", issues);

  let ownerId: Guid;
  if (typeof input.ownerId === "string") {
    const owner = findReference(input.ownerId, ctx.users);
    if (owner === undefined) issues.push(issue("UnknownReference", "ownerId", `No user has the ID or external ID ${JSON.stringify(input.ownerId)} (GEN-3).`));
    ownerId = owner?.id ?? base?.ownerId ?? ctx.actorId;
  } else ownerId = requiredField(input.ownerId, base?.ownerId, () => ctx.actorId, "ownerId", issues);

  const contactPeople = mergeNested(base?.contactPeople ?? [], input.contactPeople, contactPersonKind, ctx.newId, issues);
  const addresses = mergeNested(base?.addresses ?? [], input.addresses, addressKind, ctx.newId, issues);
  const addressIndex = refIndex(addresses.elements, (a) => a.id, (a) => a.externalId);
  const serviceObjects = mergeNested(base?.serviceObjects ?? [], input.serviceObjects, serviceObjectKind(addressIndex), ctx.newId, issues);
  checkUniqueExternalIds(contactPeople, "contactPeople", issues);
  checkUniqueExternalIds(addresses, "addresses", issues);
  checkUniqueExternalIds(serviceObjects, "serviceObjects", issues);

  const primaryContactPersonId = nestedReference(
    input.primaryContactPersonId,
    base?.primaryContactPersonId,
    contactPeople.elements,
    () => contactPeople.elements[0]?.id ?? null,
    "primaryContactPersonId",
    issues,
  );
  const invoiceAddressId = nestedReference(
    input.invoiceAddressId,
    base?.invoiceAddressId,
    addresses.elements,
    () => addresses.elements[0]?.id ?? null,
    "invoiceAddressId",
    issues,
  );
  const contactAddressId = nestedReference(
    input.contactAddressId,
    base?.contactAddressId,
    addresses.elements,
    () => (kind === "Company" ? invoiceAddressId : null),
    "contactAddressId",
    issues,
  );

  let identificationNumber = optionalField(input.identificationNumber, base?.identificationNumber ?? null);
  let taxNumber = optionalField(input.taxNumber, base?.taxNumber ?? null);
  if (kind === "Company" && !filled(identificationNumber)) {
    issues.push(issue("Required", "identificationNumber", "A Company needs a non-blank identificationNumber (CUS-3)."));
  }
  if (kind === "Household") {
    if (filled(identificationNumber)) issues.push(issue("NotAllowed", "identificationNumber", "A Household has no identificationNumber (CUS-4)."));
    if (filled(taxNumber)) issues.push(issue("NotAllowed", "taxNumber", "A Household has no taxNumber (CUS-4)."));
    if (contactAddressId !== null) issues.push(issue("NotAllowed", "contactAddressId", "A Household has no contact address (CUS-4)."));
    // "" counts as not filled (CUS-4); store it as unset.
    identificationNumber = null;
    taxNumber = null;
  }

  const customData = optionalField(input.customData, base?.customData ?? null);
  if (typeof input.customData === "string") issues.push(...checkCustomData(input.customData, ctx.settings.customDataTemplates.customer, "customData"));

  const categoryId = catalogField(input.categoryId, base?.categoryId, ctx.categories, "categoryId", "CustomerCategory", issues);
  const typeId = catalogField(input.typeId, base?.typeId, ctx.types, "typeId", "CustomerType", issues);

  const sendByPost = requiredField(input.sendByPost, base?.sendByPost, () => false, "sendByPost", issues);

  return collect(issues, () => ({
    id,
    externalId,
    name: input.name,
    kind,
    categoryId,
    typeId,
    ownerId,
    identificationNumber,
    taxNumber,
    website: optionalField(input.website, base?.website ?? null),
    description: optionalField(input.description, base?.description ?? null),
    customData,
    notificationEmails: input.notificationEmails === ABSENT ? (base?.notificationEmails ?? []) : (input.notificationEmails ?? []),
    sendByPost,
    primaryContactPersonId,
    invoiceAddressId,
    contactAddressId,
    contactPeople: contactPeople.elements,
    addresses: addresses.elements,
    serviceObjects: serviceObjects.elements,
  }));
}
