import type { Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import { externalIdIssue, refIndex, reportReference } from "../shared/reference.js";
import { optionalField, requiredField } from "../shared/upsert.js";
import { mergeAddresses } from "./addresses.js";
import { mergeContactPeople } from "./contact-people.js";
import type { CustomerContext, OrderedCatalog } from "./context.js";
import { checkCustomData } from "./custom-data.js";
import type { Customer } from "./customer.js";
import { customerDefaults } from "./defaults.js";
import { checkCustomerKind, customerKind } from "./kind.js";
import { resolveNestedReference } from "./nested-reference.js";
import { notificationChannels } from "./notification-channels.js";
import { provisionalIds, withFreshIds } from "./provisional-ids.js";
import type { CustomerInput } from "./request.js";
import { mergeServiceObjects } from "./service-objects.js";
import { checkUniqueExternalIds } from "./unique-external-ids.js";

/** A catalog reference: a value names a catalog entry (GEN-3); otherwise the field keeps its value or takes the default. */
function catalogField(sent: Tri<string>, current: Guid | undefined, catalog: OrderedCatalog, fallback: () => Guid, path: string, what: string, issues: Issue[]): Guid {
  if (typeof sent === "string") return reportReference(sent, catalog, path, what, issues)?.id ?? current ?? ("" as Guid);
  return requiredField(sent, current, fallback, path, issues);
}

/**
 * Builds the customer a request leaves: a new one (`base` undefined, with the defaults of
 * CUS-5) or `base` merged with the request (UPS-5 to UPS-7), then decides the kind rules, the
 * nested references, nested external IDs, devices' addresses, customData and external-ID
 * uniqueness on the result (UPS-8). A composition of the rule owners, in the order its issues
 * are reported: {@link customerKind}, the nested lists ({@link mergeContactPeople},
 * {@link mergeAddresses}, {@link mergeServiceObjects}, {@link checkUniqueExternalIds}), the
 * references ({@link resolveNestedReference}), {@link checkCustomerKind}, customData,
 * the catalogs ({@link customerDefaults}) and {@link notificationChannels}. Every issue is
 * collected (GEN-9). New records and elements get fresh GUIDs only once every check passed.
 * The body parser checks types and shapes (`parseCustomerAdd`, `parseCustomerAddOrEdit`);
 * this is the step both customer decisions call last.
 * @param base - the customer being edited, or `undefined` to create
 * @param input - the parsed request fields
 * @param externalId - the external ID of the result (the table's decision, UPS-2/UPS-3)
 * @param ctx - records, catalogs, settings, actor and ID source
 * @returns the customer, or every issue
 * @rule UPS-8
 * @example
 * const input = parseCustomerAdd({ name: "Kavárna Eva", identificationNumber: "12345678",
 *   contactPeople: [{ firstName: "Eva" }], addresses: [{ city: "Olomouc" }] }).value;
 * buildCustomer(undefined, input, "CUST-2", customerContext).value.kind //=> "Company"
 * buildCustomer(customer, { ...input, identificationNumber: null }, customer.externalId, customerContext).issues[0].code //=> "Required"
 * @internal
 */
export function buildCustomer(base: Customer | undefined, input: CustomerInput, externalId: string | null, ctx: CustomerContext): Result<Customer> {
  const issues: Issue[] = [];
  const duplicate = base === undefined ? externalIdIssue(ctx.customers.byKey, externalId, "externalId", "customer") : undefined;
  if (duplicate !== undefined) issues.push(duplicate);
  const ids = provisionalIds(ctx.customers);
  const defaults = customerDefaults(ctx, issues);
  const id = base?.id ?? ids.provisional();
  const kind = customerKind(input.kind, base?.kind, issues);

  let ownerId: Guid;
  if (typeof input.ownerId === "string") {
    ownerId = reportReference(input.ownerId, ctx.users, "ownerId", "user", issues)?.id ?? base?.ownerId ?? ctx.actorId;
  } else ownerId = requiredField(input.ownerId, base?.ownerId, defaults.ownerId, "ownerId", issues);

  const contactPeople = mergeContactPeople(base?.contactPeople ?? [], input.contactPeople, ids, issues);
  const addresses = mergeAddresses(base?.addresses ?? [], input.addresses, ids, issues);
  const addressIndex = refIndex(addresses.elements, (a) => a.id, (a) => a.externalId);
  const serviceObjects = mergeServiceObjects(base?.serviceObjects ?? [], input.serviceObjects, addressIndex, ids, issues);
  checkUniqueExternalIds(contactPeople, "contactPeople", issues);
  checkUniqueExternalIds(addresses, "addresses", issues);
  checkUniqueExternalIds(serviceObjects, "serviceObjects", issues);

  const people = contactPeople.elements;
  const places = addresses.elements;
  const primaryContactPersonId = resolveNestedReference(input.primaryContactPersonId, base?.primaryContactPersonId, people, () => defaults.primaryContactPersonId(people), "primaryContactPersonId", issues);
  const invoiceAddressId = resolveNestedReference(input.invoiceAddressId, base?.invoiceAddressId, places, () => defaults.invoiceAddressId(places), "invoiceAddressId", issues);
  const contactAddressId = resolveNestedReference(input.contactAddressId, base?.contactAddressId, places, () => defaults.contactAddressId(kind, invoiceAddressId), "contactAddressId", issues);

  const { identificationNumber, taxNumber } = checkCustomerKind(
    kind,
    {
      identificationNumber: optionalField(input.identificationNumber, base?.identificationNumber ?? null),
      taxNumber: optionalField(input.taxNumber, base?.taxNumber ?? null),
      contactAddressId,
    },
    issues,
  );

  if (typeof input.customData === "string") {
    for (const i of checkCustomData(input.customData, ctx.settings.customDataTemplates.customer, "customData")) issues.push(i);
  }
  const categoryId = catalogField(input.categoryId, base?.categoryId, ctx.categories, defaults.categoryId, "categoryId", "CustomerCategory", issues);
  const typeId = catalogField(input.typeId, base?.typeId, ctx.types, defaults.typeId, "typeId", "CustomerType", issues);
  const channels = notificationChannels(input, base, issues);

  return collect(issues, () =>
    withFreshIds(ids.count(), ctx.newId, {
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
      customData: optionalField(input.customData, base?.customData ?? null),
      notificationEmails: channels.notificationEmails,
      sendByPost: channels.sendByPost,
      primaryContactPersonId,
      invoiceAddressId,
      contactAddressId,
      contactPeople: people,
      addresses: places,
      serviceObjects: serviceObjects.elements,
    }),
  );
}
