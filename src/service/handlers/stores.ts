import { queryStoreListing, type StoreDetail } from "../../store/detail.js";
import { canUseStore } from "../../store/access.js";
import { parseStoreListingQuery } from "../../store/query.js";
import { parseStoreReplace, replaceStore } from "../../store/replace.js";
import type { Handler } from "../context.js";
import { emptyListing, listingCatalog } from "../listings.js";
import { issue } from "../../shared/issue.js";
import { refused } from "./interventions.js";

/**
 * `PUT /store/{id}` and its twin: replaces the whole store (name, external ID, cleared when
 * left out, `availableFor` resolved to users); the stock is not part of the store record and
 * stays as it is; 204. Applies STO-1 and GEN-4 through {@link parseStoreReplace} and
 * {@link replaceStore}.
 * @param ctx - the context; the store is found by the path (GEN-2)
 * @returns 204, or 400 with every issue
 */
export const handleReplaceStore: Handler<"store"> = (ctx) => {
  const command = parseStoreReplace(ctx.body);
  if (!command.ok) return refused(command.issues);
  const store = replaceStore(ctx.records.store, command.value, { stores: ctx.company.stores, users: ctx.company.users });
  if (!store.ok) return refused(store.issues);
  return { status: 204, changes: { stores: [store.value] } };
};

/**
 * `GET /store/{id}` and its twin: one page of the store's stocked materials, searched,
 * filtered and sorted over the company's kept listing index (never rebuilt per request).
 * The acting user of the integration client is an Administrator and sees every store
 * (STO-2); a user who may not see the store would get 404, as for a record that is not
 * there. Applies STO-2 to STO-6 through {@link parseStoreListingQuery},
 * {@link canUseStore} and {@link queryStoreListing}.
 * @param ctx - the context; the store is found by the path (GEN-2)
 * @returns 200 StoreDetail, 400 with every query issue, or 404
 */
export const handleReadStore: Handler<"store"> = (ctx) => {
  const { store } = ctx.records;
  if (!canUseStore(ctx.actor, store)) return refused([issue("NotFound", "", "STO-2", "No such store for this user (STO-2).")]);
  const query = parseStoreListingQuery(Object.fromEntries(ctx.query));
  if (!query.ok) return refused(query.issues);
  const listing = ctx.company.listings.get(store.id) ?? emptyListing(store.id, listingCatalog(ctx.company));
  const body: StoreDetail = queryStoreListing(listing, store, query.value);
  return { status: 200, body };
};
