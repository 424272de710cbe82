export type { Store } from "./store.js";
export {
  storeSortKeys,
  storeSortOrders,
  MAX_STORE_PAGE_SIZE,
  parseStoreListingQuery,
  storeListingQuerySchema,
} from "./query.js";
export type { StoreSortKey, StoreSortOrder, StoreListingQuery, QueryParameters } from "./query.js";
export { buildStoreListing, rebuildStoreListing, storeListingStock, prepareStoreListingSearch } from "./listing.js";
export type { StoreListing, StoreListingCatalog } from "./listing.js";
export { updateStoreListingStock, updateStoreListingMaterial } from "./update-listing.js";
export { queryStoreListing } from "./detail.js";
export type { StoreDetail, StoreDetailItem, StoreDetailMaterials } from "./detail.js";
export { parseStoreReplace, storeReplaceSchema, replaceStore } from "./replace.js";
export type { StoreReplaceCommand, StoreReplaceContext } from "./replace.js";
export { canUseStore } from "./access.js";
