export type { Store } from "./store.js";
export {
  storeSortKeys,
  storeSortOrders,
  MAX_STORE_PAGE_SIZE,
  parseStoreListingQuery,
  storeListingQuerySchema,
} from "./query.js";
export type { StoreSortKey, StoreSortOrder, StoreListingQuery, QueryParameters } from "./query.js";
export { parseStoreReplace, storeReplaceSchema, replaceStore } from "./replace.js";
export type { StoreReplaceCommand, StoreReplaceContext } from "./replace.js";
export { canUseStore } from "./access.js";
