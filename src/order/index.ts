export { parseOrderAdd, parseOrderEdit, parseOrderAddOrEdit, orderAddSchema, orderEditSchema, orderAddOrEditSchema } from "./request.js";
export type { OrderOptionalFields, OrderChanges, OrderAddCommand, OrderEditCommand, OrderAddOrEditCommand } from "./request.js";
export { buildOrder } from "./merge.js";
export type { OrderContext } from "./merge.js";
export { addOrder } from "./add.js";
export { editOrder, mergeOrderEdit } from "./edit.js";
export { addOrEditOrder } from "./add-or-edit.js";
export type { OrderUpsert } from "./add-or-edit.js";
