import type { CreatedShape } from "../../api/read-shapes.js";
import type { CustomerContext, OrderedCatalog } from "../../customer/context.js";
import { addCustomer } from "../../customer/add.js";
import { addOrEditCustomer } from "../../customer/add-or-edit.js";
import { parseCustomerAdd, parseCustomerAddOrEdit, type CustomerAddCommand, type CustomerAddOrEditCommand } from "../../customer/request.js";
import type { CatalogValue } from "../../shared/catalog.js";
import type { Guid } from "../../shared/guid.js";
import { defineOperation, refused, type HandlerContext, type Operation, type Handlers } from "../context.js";
import { customerAddLoads, customerLoads } from "../loads.js";
import type { Listed } from "../state.js";

export type { CreatedShape } from "../../api/read-shapes.js";

/** A fixture catalog as the customer decisions read it: resolvable and in catalog order (CUS-5), without copying. */
function ordered(catalog: Listed<CatalogValue>): OrderedCatalog {
  return { byId: catalog.byId, byKey: catalog.byKey, values: catalog.list };
}

/**
 * The customer decisions' context from the caller's company: its customers, customer
 * catalogs, users and settings, the AUTH-6 actor as default owner, the GUID source.
 * @param ctx - the handler context
 * @returns the customer context
 */
export function customerContext(ctx: HandlerContext<never>): CustomerContext {
  const { company } = ctx;
  return {
    customers: company.customers,
    categories: ordered(company.catalogs.customerCategories),
    types: ordered(company.catalogs.customerTypes),
    users: company.users,
    settings: company.settings,
    actorId: ctx.actor.id,
    newId: ctx.newId,
  };
}

/**
 * `POST /customer`: parses the body, decides the add and answers 201 with the new GUID.
 * Applies CUS-1 to CUS-12 and GEN-4 through {@link parseCustomerAdd} and
 * {@link addCustomer}; a refusal is 400 with every issue and writes nothing (GEN-8, GEN-9).
 * @param ctx - the context
 * @returns 201 `{ id }`, or 400
 */
export const handleAddCustomer: Operation = defineOperation<never, CustomerAddCommand>({
  parse: ({ body }) => parseCustomerAdd(body),
  loads: customerAddLoads,
  decide: (ctx, command) => {
    const customer = addCustomer(command, customerContext(ctx));
    if (!customer.ok) return refused(customer.issues);
    const body: CreatedShape = { id: customer.value.id };
    return { status: 201, body, changes: { customers: [customer.value] } };
  },
});

/**
 * `POST /customer/addOrEdit`: the identifier table picks create or edit (UPS-1 to UPS-4),
 * nested elements merge (UPS-6) and the kind and reference rules hold after the merge
 * (UPS-8); 204 either way (UPS-9). Applies UPS-1 to UPS-9 through
 * {@link parseCustomerAddOrEdit} and {@link addOrEditCustomer}.
 * @param ctx - the context
 * @returns 204, or 400
 */
export const handleAddOrEditCustomer: Operation = defineOperation<never, CustomerAddOrEditCommand>({
  parse: ({ body }) => parseCustomerAddOrEdit(body),
  loads: customerLoads,
  decide: (ctx, command) => {
    const upsert = addOrEditCustomer(command, customerContext(ctx));
    if (!upsert.ok) return refused(upsert.issues);
    return { status: 204, changes: { customers: [upsert.value.customer] } };
  },
});

/** The customer writes, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const customerHandlers: Handlers<"addCustomer" | "addOrEditCustomer"> = {
  addCustomer: handleAddCustomer,
  addOrEditCustomer: handleAddOrEditCustomer,
};
