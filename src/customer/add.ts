import { ABSENT } from "../shared/field.js";
import type { Result } from "../shared/issue.js";
import type { CustomerContext } from "./context.js";
import type { Customer } from "./customer.js";
import { buildCustomer } from "./build.js";
import type { CustomerAddCommand } from "./request.js";

/**
 * Decides `POST /customer`: a new customer with the defaults of CUS-5 (first catalog
 * values, first contact person and address, contact address = invoice address for
 * companies, owner per AUTH-6), or every issue found. Pure; a refusal changes nothing
 * (GEN-8). Applies CUS-1 to CUS-12, GEN-4, GEN-8 and GEN-9.
 * @param command - the parsed body (`parseCustomerAdd`)
 * @param ctx - the company's customers, catalogs, users, settings, actor and ID source
 * @returns the new customer, or every issue
 * @example
 * const command = parseCustomerAdd({ name: "Kavárna Eva", identificationNumber: "12345678",
 *   contactPeople: [{ firstName: "Eva" }], addresses: [{ city: "Olomouc" }] }).value;
 * const created = addCustomer(command, customerContext).value;
 * created.invoiceAddressId === created.addresses[0].id //=> true
 * created.contactAddressId === created.invoiceAddressId //=> true
 * addCustomer({ ...command, kind: "Household" }, customerContext).issues.map((i) => `${i.code}@${i.path}`) //=> ["NotAllowed@identificationNumber"]
 */
export function addCustomer(command: CustomerAddCommand, ctx: CustomerContext): Result<Customer> {
  return buildCustomer(undefined, command, command.externalId === ABSENT ? null : command.externalId, ctx);
}
