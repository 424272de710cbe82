import type { User } from "../auth/user.js";
import type { Guid } from "../shared/guid.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import { array, compileBody, describedJsonSchema, externalId, nonBlank, object, orDefault, required, type DescribedBody, type DescribedOutput, type SameType } from "../shared/description/index.js";
import { limits } from "../shared/limits.js";
import { externalIdIssue, reportReference, type RefIndex } from "../shared/reference.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import type { JsonSchema } from "../shared/json-schema.js";
import { storeReplaceBodyDocs, storeReplaceBodyRecords, type StoreReplaceCommand } from "./replace-types.generated.js";
import type { Store } from "./store.js";

export type { StoreReplaceCommand } from "./replace-types.generated.js";

/*
 * The store replace body, described once (docs/decisions.md "One description per body"): the
 * parser, the JSON Schema, the command type and the JSON body type come from here.
 */

/**
 * A parsed `PUT /store/{id}` body: the whole store; a left-out external ID is `null` (STO-1).
 * @add StoreReplaceBody The whole store; its stock is not part of it (STO-1).
 */
const storeReplace = /* @__PURE__ */ object("StoreReplaceCommand", {
  /** Name, not blank. */
  name: required(nonBlank(), "STO-1"),
  /** External ID; left out or null clears it (STO-1). */
  externalId: orDefault(externalId(), null, "STO-1"),
  /** GUIDs or external IDs of the users who may use the store (STO-2, GEN-3), possibly none. */
  availableFor: required(array(nonBlank(), limits.availableFor), "STO-1"),
});

/**
 * The store body, for the type generator (`tools/body-types.ts`), which writes its types into
 * `src/store/replace-types.generated.ts`.
 * @internal
 */
export const storeBodies: readonly DescribedBody[] = [{ value: storeReplace, mode: "add" }];

// The generated interface is the described one (a stale src/store/replace-types.generated.ts fails here).
const generatedMatch: SameType<StoreReplaceCommand, DescribedOutput<typeof storeReplace.fields>> = true;
void generatedMatch;

/**
 * Parses a `PUT /store/{id}` body: required `name` and `availableFor` (an array, possibly
 * empty); `externalId` left out or `null` becomes empty. Unknown fields (stock included) are
 * ignored (ERR-3); every issue reported (GEN-9). Applies STO-1 (reading).
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseStoreReplace({ name: "Van 1", availableFor: [] }).value //=> { name: "Van 1", externalId: null, availableFor: [] }
 */
export const parseStoreReplace: (value: unknown) => Result<StoreReplaceCommand> = /* @__PURE__ */ compileBody(storeReplace, "add", storeReplaceBodyRecords);

/**
 * The JSON Schema of a `PUT /store/{id}` body, the shape {@link parseStoreReplace} reads.
 * @example
 * storeReplaceJsonSchema.required //=> ["name", "availableFor"]
 */
export const storeReplaceJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(storeReplace, "add", storeReplaceBodyDocs);

/** {@link parseStoreReplace} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const storeReplaceSchema: BodySchema<StoreReplaceCommand> = /* @__PURE__ */ toStandardSchema(parseStoreReplace, storeReplaceJsonSchema);

/** What a store replace resolves against. */
export interface StoreReplaceContext {
  /** The company's stores, for external-ID uniqueness (GEN-4). */
  readonly stores: RefIndex<Store>;
  /** The company's users, for `availableFor` (GEN-3). */
  readonly users: RefIndex<User>;
}

/**
 * Decides `PUT /store/{id}`: the whole store is replaced (name, external ID — cleared when
 * left out — and `availableFor`, each element resolved to a user, GEN-3, the same user named
 * twice kept once); the GUID stays and the stock, which is not part of the store record, is
 * untouched. The external ID must stay unique among stores (GEN-4). Pure; every issue
 * reported (GEN-9).
 * @param store - the store found by the path (GEN-2)
 * @param command - the parsed body
 * @param ctx - stores and users of the company
 * @returns the replaced store, or every issue
 * @rule STO-1
 * @example
 * const ctx = { stores: refIndex([store, van], (s) => s.id, (s) => s.externalId), users };
 * replaceStore(van, { name: "Van 1", externalId: null, availableFor: ["tech-1", "admin"] }, ctx).value.availableFor //=> [tech, admin.id]
 * replaceStore(van, { name: "Van 1", externalId: "central", availableFor: [] }, ctx).issues[0].code //=> "DuplicateExternalId"
 */
export function replaceStore(store: Store, command: StoreReplaceCommand, ctx: StoreReplaceContext): Result<Store> {
  const issues: Issue[] = [];
  // An unchanged external ID is the store's own.
  const duplicate = command.externalId === store.externalId ? undefined : externalIdIssue(ctx.stores.byKey, command.externalId, "externalId", "store");
  if (duplicate !== undefined) issues.push(duplicate);
  const users = new Set<Guid>();
  command.availableFor.forEach((ref, i) => {
    const user = reportReference(ref, ctx.users, `availableFor[${i}]`, "user", issues);
    if (user !== undefined) users.add(user.id);
  });
  return collect(issues, () => ({ id: store.id, externalId: command.externalId, name: command.name, availableFor: [...users] }));
}
