import { queryStoreListing, type StoreDetail } from "../../store-listing/page.js";
import { canUseStore } from "../../store/access.js";
import { parseStoreListingQuery, type StoreListingQuery } from "../../store/query.js";
import { parseStoreReplace, replaceStore, type StoreReplaceCommand } from "../../store/replace.js";
import { defineOperation, refused, type Operation, type Handlers } from "../context.js";
import { KeyBag, NOTHING } from "../loads.js";
import { emptyListing, listingCatalog } from "../store-listings.js";
import { issue, ok, type Result } from "../../shared/issue.js";

/**
 * `PUT /store/{id}` and its twin: replaces the whole store (name, external ID, cleared when
 * left out, `availableFor` resolved to users); the stock is not part of the store record and
 * stays as it is; 204. Applies STO-1 and GEN-4 through {@link parseStoreReplace} and
 * {@link replaceStore}.
 * @param ctx - the context; the store is found by the path (GEN-2)
 * @returns 204, or 400 with every issue
 */
export const handleReplaceStore: Operation<"store"> = defineOperation<"store", StoreReplaceCommand>({
  parse: ({ body }) => parseStoreReplace(body),
  // A store already holding the external ID the body asks for (GEN-4).
  loads: (command) => {
    const stores = new KeyBag();
    stores.key(command.externalId);
    return { ...NOTHING, stores: stores.keys() };
  },
  decide: (ctx, command) => {
    const store = replaceStore(ctx.records.store, command, { stores: ctx.company.stores, users: ctx.company.users });
    if (!store.ok) return refused(store.issues);
    return { status: 204, changes: { stores: [store.value] } };
  },
});

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
export const handleReadStore: Operation<"store"> = defineOperation<"store", Result<StoreListingQuery>>({
  // Read once here; a bad query is refused by the decision, after STO-2's 404.
  parse: ({ query }) => ok(parseStoreListingQuery(Object.fromEntries(query))),
  loads: () => NOTHING,
  decide: (ctx, query) => {
    const { store } = ctx.records;
    if (!canUseStore(ctx.actor, store)) return refused([issue("NotFound", "", "STO-2", "No such store for this user (STO-2).")]);
    if (!query.ok) return refused(query.issues);
    const listing = ctx.company.listings.get(store.id) ?? emptyListing(store.id, listingCatalog(ctx.company));
    const body: StoreDetail = queryStoreListing(listing, store, query.value);
    return { status: 200, body };
  },
});

/** A store's page and its replacement, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const storeHandlers: Handlers<"readStore" | "replaceStore"> = {
  readStore: handleReadStore,
  replaceStore: handleReplaceStore,
};
