// The store listing's index engine: the columns, dense collation ranks and search text a
// store's stock is kept in, so any page of any sort or search is answered without scanning
// (STO-3..STO-6). The store rules themselves (STO-1, STO-2, the query) are in src/store/.
export { buildStoreListing, rebuildStoreListing, storeListingStock, prepareStoreListingSearch } from "./build.js";
export type { StoreListing, StoreListingCatalog } from "./build.js";
export { updateStoreListingStock, updateStoreListingMaterial } from "./update.js";
export { queryStoreListing } from "./page.js";
export type { StoreDetail, StoreDetailItem, StoreDetailMaterials } from "./page.js";
