import type { User } from "../auth/user.js";
import type { Customer } from "../customer/customer.js";
import type { Material } from "../material/material.js";
import type { Effect } from "../notification/effect.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import type { Store } from "../store/store.js";
import type { Changes, CompanyState } from "./state.js";

/** The records a path can name, by the name of its placeholder (`/order/{order}`). */
export interface PathRecords {
  /** `{customer}`: a customer. */
  readonly customer: Customer;
  /** `{order}`: an order. */
  readonly order: Order;
  /** `{intervention}`: an intervention of the order in the same path (INT-8). */
  readonly intervention: Intervention;
  /** `{material}`: a material. */
  readonly material: Material;
  /** `{store}`: a store (the source store of a move). */
  readonly store: Store;
  /** `{toStore}`: the target store of a move. */
  readonly toStore: Store;
}

/** A placeholder name in a route path. */
export type ParamName = keyof PathRecords;

/**
 * Everything a handler may use. The service has already matched the route, checked the
 * token, picked the caller's company (AUTH-4) and resolved the path's records (404 when
 * missing, INT-8 checked); the handler parses the body, decides, and returns a
 * {@link Reply}. It must not change `company`: only the returned `changes` are written.
 */
export interface HandlerContext<P extends ParamName = never> {
  /** The caller's company (read it; never change it). */
  readonly company: CompanyState;
  /** The records named by the path, already found in the caller's company. */
  readonly records: { readonly [K in P]: PathRecords[K] };
  /** Query parameters, first value of each name, decoded. */
  readonly query: ReadonlyMap<string, string>;
  /** The parsed JSON body; `undefined` when the request has none. */
  readonly body: unknown;
  /** The current instant, from the injected clock. */
  readonly now: Instant;
  /** Source of GUIDs for new records. */
  readonly newId: () => Guid;
  /** The acting user of API writes: the company's first Administrator (AUTH-6). */
  readonly actor: User;
}

/**
 * A handler's answer: the response and, for a success, what to write. A status ≥ 400 is
 * a refusal: its `changes` and `effects` are dropped (GEN-8), and its body comes from
 * `refusal()`. A success is answered with the route table's `success` status.
 */
export interface Reply {
  /** HTTP status. */
  readonly status: number;
  /** JSON body; leave out for none (204). */
  readonly body?: unknown;
  /** Effects to deliver, in the order they arise. */
  readonly effects?: readonly Effect[];
  /** Records and stock to write in one step, unless this is a dry run. */
  readonly changes?: Changes;
}

/** A route's handler: a function of the context to a reply; it never throws. */
export type Handler<P extends ParamName = never> = (ctx: HandlerContext<P>) => Reply;
