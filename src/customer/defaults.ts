import type { Guid } from "../shared/guid.js";
import { issue, type Issue } from "../shared/issue.js";
import type { CustomerContext, OrderedCatalog } from "./context.js";
import type { Address, ContactPerson, CustomerKind } from "./customer.js";

/**
 * The defaults of a new customer (CUS-5), each computed only when a create leaves its field
 * out, so an edit never takes one (UPS-7).
 */
export interface CustomerDefaults {
  /** The owner: the acting user (AUTH-6). */
  readonly ownerId: () => Guid;
  /** The first CustomerCategory of the catalog; an empty catalog is reported. */
  readonly categoryId: () => Guid;
  /** The first CustomerType of the catalog; an empty catalog is reported. */
  readonly typeId: () => Guid;
  /** The first contact person of the merged list, if any. */
  readonly primaryContactPersonId: (contactPeople: readonly ContactPerson[]) => Guid | null;
  /** The first address of the merged list, if any. */
  readonly invoiceAddressId: (addresses: readonly Address[]) => Guid | null;
  /** A company's invoice address; a household has none (CUS-4). */
  readonly contactAddressId: (kind: CustomerKind, invoiceAddressId: Guid | null) => Guid | null;
}

/**
 * The defaults of a new customer in a company (CUS-5): the first category and type of the
 * catalogs, the first contact person and address, the invoice address as a company's contact
 * address, and the acting user as the owner. A field left out on a create whose catalog is
 * empty has no default: `Required`, naming the catalog.
 * @param ctx - the catalogs and the acting user
 * @param issues - where an empty catalog is reported
 * @returns the defaults, each computed on demand
 * @rule CUS-5
 * @example
 * const issues = [];
 * const defaults = customerDefaults(customerContext, issues);
 * defaults.categoryId() === customer.categoryId //=> true
 * defaults.contactAddressId("Household", customer.invoiceAddressId) //=> null
 * customerDefaults({ ...customerContext, types: orderedCatalog([]) }, issues).typeId();
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@typeId"]
 * @internal
 */
export function customerDefaults(ctx: Pick<CustomerContext, "categories" | "types" | "actorId">, issues: Issue[]): CustomerDefaults {
  const first = (catalog: OrderedCatalog, path: string, what: string) => (): Guid => {
    const value = catalog.values[0];
    if (value !== undefined) return value.id;
    issues.push(issue("Required", path, "CUS-5", `The ${what} catalog is empty, so ${path} must be sent (CUS-5).`));
    // The issue refuses the request, so this value is never stored.
    return "" as Guid;
  };
  return {
    ownerId: () => ctx.actorId,
    categoryId: first(ctx.categories, "categoryId", "CustomerCategory"),
    typeId: first(ctx.types, "typeId", "CustomerType"),
    primaryContactPersonId: (contactPeople) => contactPeople[0]?.id ?? null,
    invoiceAddressId: (addresses) => addresses[0]?.id ?? null,
    contactAddressId: (kind, invoiceAddressId) => (kind === "Company" ? invoiceAddressId : null),
  };
}
