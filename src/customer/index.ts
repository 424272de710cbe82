export { customerKinds } from "./customer.js";
export type { CustomerKind, Phone, ContactPerson, Coordinates, Address, ServiceObject, Customer } from "./customer.js";
export { orderedCatalog } from "./context.js";
export type { OrderedCatalog, CustomerContext } from "./context.js";
export { checkCustomData } from "./custom-data.js";
export { parseCustomerAdd, parseCustomerAddOrEdit, customerAddSchema, customerAddOrEditSchema } from "./request.js";
export type {
  CustomerBodyMode,
  ContactPersonInput,
  AddressInput,
  ServiceObjectInput,
  CustomerInput,
  CustomerAddCommand,
  CustomerAddOrEditCommand,
} from "./request.js";
export { buildCustomer } from "./build.js";
export { addCustomer } from "./add.js";
export { addOrEditCustomer } from "./add-or-edit.js";
export type { UpsertOutcome, CustomerUpsert } from "./add-or-edit.js";
