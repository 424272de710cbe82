import type { Result } from "../shared/issue.js";
import { decideUpsert } from "../shared/upsert.js";
import type { CustomerContext } from "./context.js";
import type { Customer } from "./customer.js";
import { buildCustomer } from "./build.js";
import type { CustomerAddOrEditCommand } from "./request.js";

/** What an add-or-edit did: created a record or edited one (both answer 204, UPS-9). */
export type UpsertOutcome = "created" | "edited";

/** The result of a customer add-or-edit. */
export interface CustomerUpsert {
  /** Whether the customer was created or edited. */
  readonly outcome: UpsertOutcome;
  /** The customer as it stands afterwards. */
  readonly customer: Customer;
}

/**
 * Decides `POST /customer/addOrEdit`: the identifier table picks create or edit (UPS-1 to
 * UPS-4); an edit keeps what is left out, clears optional fields sent as `null`, patches
 * nested elements matched by `id` or `externalId` and adds the others, deleting nothing
 * (UPS-5, UPS-6); defaults only on create (UPS-7); the kind and reference rules are checked
 * on the merged customer (UPS-8). The external ID is never changed by an edit. Both
 * outcomes answer 204 (UPS-9). Pure; a refusal changes nothing (GEN-8).
 * @param command - the parsed body (`parseCustomerAddOrEdit`)
 * @param ctx - the company's customers, catalogs, users, settings, actor and ID source
 * @returns the outcome and the customer, or every issue
 * @example
 * const command = parseCustomerAddOrEdit({ externalId: "CUST-1", name: "Pekárna U Zlatého klasu", website: "https://pekarna.example" }).value;
 * addOrEditCustomer(command, customerContext).value.outcome //=> "edited"
 * addOrEditCustomer({ ...command, externalId: "CUST-9", identificationNumber: "12345678" }, customerContext).value.outcome //=> "created"
 */
export function addOrEditCustomer(command: CustomerAddOrEditCommand, ctx: CustomerContext): Result<CustomerUpsert> {
  const target = decideUpsert(command.id, command.externalId, ctx.customers);
  if (!target.ok) return target;
  // Two outcomes: a plain test, so no pattern is left that could match anything unnoticed.
  const t = target.value;
  if (t.action === "create") return upserted("created", buildCustomer(undefined, command, t.externalId, ctx));
  return upserted("edited", buildCustomer(t.record, command, t.record.externalId, ctx));
}

function upserted(outcome: UpsertOutcome, built: Result<Customer>): Result<CustomerUpsert> {
  return built.ok ? { ok: true, value: { outcome, customer: built.value } } : built;
}
