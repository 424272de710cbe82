// The records a request's path names, found in the caller's company (GEN-2, AUTH-4, INT-8).
import { findPathRecord, type CompiledRoute, type PathParam } from "../api/routes.js";
import { interventionOfOrder } from "../intervention/lifecycle.js";
import { issue } from "../shared/issue.js";
import { refused } from "./answer.js";
import type { ParamName, PathRecords } from "./context.js";
import type { ServiceResponse } from "./entry-point.js";
import type { CompanyState, Table } from "./state.js";

const records: { readonly [K in ParamName]: (c: CompanyState) => Table<PathRecords[K]> } = {
  customer: (c) => c.customers,
  order: (c) => c.orders,
  intervention: (c) => c.interventions,
  material: (c) => c.materials,
  store: (c) => c.stores,
  toStore: (c) => c.stores,
};

const what: { readonly [K in ParamName]: string } = {
  customer: "customer", order: "order", intervention: "intervention", material: "material", store: "store", toStore: "target store",
};

/**
 * Finds a path's records in the caller's company; a missing one is 404 (GEN-2, AUTH-4), as is an intervention of another order (INT-8).
 * @param company - the caller's company
 * @param route - the matched route (its form: ID or external ID)
 * @param params - the path's references, in path order
 * @returns the records by parameter name, or the 404
 */
export function resolveRecords(company: CompanyState, route: CompiledRoute, params: readonly PathParam[]): Partial<Record<ParamName, unknown>> | ServiceResponse {
  const found: Partial<Record<ParamName, unknown>> = {};
  for (const p of params) {
    const order = found.order as PathRecords["order"] | undefined;
    const hit = p.name === "intervention" && order !== undefined
      ? interventionOfOrder(company.interventions, order, p.value, route.form === "externalId")
      : findPathRecord<PathRecords[ParamName]>(records[p.name](company), route.form, p.value);
    if (hit === undefined) {
      const form = route.form === "id" ? "ID" : "external ID";
      const ofOrder = p.name === "intervention" && order !== undefined;
      const of = ofOrder ? " of this order (INT-8)" : " in this company (GEN-2, AUTH-4)";
      return refused([issue("NotFound", "", ofOrder ? "INT-8" : "GEN-2", `No ${what[p.name]} with the ${form} ${JSON.stringify(p.value)}${of}.`)]);
    }
    found[p.name] = hit;
  }
  return found;
}