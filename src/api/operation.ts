// What one operation of the HTTP interface is, as a type: the words its description
// (src/api/operations.ts) is written in. Holds no operation; the generated `ApiOperations`
// (operations.generated.ts) and the description are typed with it.

/** The placeholder names a route path may hold (`/order/{order}`), one per kind of record. */
export type PathParamName = "customer" | "order" | "intervention" | "material" | "store" | "toStore";

/** The placeholder names of a route path template, as a union (`"order" | "intervention"`). */
export type ParamsOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamsOf<Rest> : never;

/** HTTP methods the API routes. */
export type Method = "GET" | "POST" | "PUT";

/**
 * How the service routes an operation: the login (`authentication`) needs no token and issues
 * one (AUTH-1); a `decision` is loaded, decided and committed (a read decides and commits
 * nothing); a `listing` is a store page, read from the storage's listing (STO-3 to STO-6); the
 * `journal` read and the device's sync (`deviceSync`) are answered by the storage from its
 * journal (JRN-2, SYN-2).
 */
export type OperationKind = "authentication" | "decision" | "listing" | "journal" | "deviceSync";

/** The query parameters an operation reads besides `dryRun`, by the kind of query. */
export type QueryKind = "storeListing" | "journal" | "deviceSync" | "candidates";

/**
 * One operation of the API: its method, path template, the status of a successful answer and
 * how the service routes it.
 */
export interface Operation<
  M extends Method = Method,
  P extends string = string,
  S extends 200 | 201 | 204 = 200 | 201 | 204,
  K extends OperationKind = OperationKind,
> {
  /** Upper-case method. */
  readonly method: M;
  /** Path template; each `{placeholder}` names a record (the external-ID twin is added by the route compiler (`compileRoutes`)). */
  readonly path: P;
  /** The status of a successful answer. */
  readonly success: S;
  /** How the service routes it. */
  readonly kind: K;
}

/**
 * Whether an operation is a write the service decides and journals, and an `Idempotency-Key`
 * protects (JRN-1, IDM-1): a decision sent with any method but `GET` (the login is no decision).
 * @param operation - an operation, a route definition or a compiled route
 * @returns whether it is a journaled write
 * @example
 * isJournaledWrite({ method: "PUT", kind: "decision" }) //=> true
 * isJournaledWrite({ method: "POST", kind: "authentication" }) //=> false
 * isJournaledWrite({ method: "GET", kind: "decision" }) //=> false
 */
export function isJournaledWrite(operation: { readonly method: Method; readonly kind: OperationKind }): boolean {
  return operation.method !== "GET" && operation.kind === "decision";
}
