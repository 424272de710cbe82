import type { User } from "../auth/user.js";
import type { Customer } from "../customer/customer.js";
import type { Material } from "../material/material.js";
import type { Effect } from "../notification/effect.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import type { Store } from "../store/store.js";
import type { ApiOperations, OperationId } from "../api/operations.generated.js";
import { refusal } from "../api/problem.js";
import type { OperationParams } from "../api/routes.js";
import type { Issue, NonEmptyArray, Result } from "../shared/issue.js";
import { NOTHING, type OperationLoads } from "./loads.js";
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
 * Everything a decision may use. The service has already matched the route, checked the
 * token, picked the caller's company (AUTH-4), read the body and the query once
 * ({@link Operation}) and resolved the path's records (404 when missing, INT-8 checked); the
 * decision returns a {@link Reply}. It must not change `company`: only the returned `changes`
 * are written.
 */
export interface HandlerContext<P extends ParamName = never> {
  /** The caller's company (read it; never change it). */
  readonly company: CompanyState;
  /** The records named by the path, already found in the caller's company. */
  readonly records: { readonly [K in P]: PathRecords[K] };
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

/** What an operation reads from a request besides its path: the JSON body and the query. */
export interface OperationRequest {
  /** The parsed JSON body; `undefined` when the request has none. */
  readonly body: unknown;
  /** Query parameters, first value of each name, decoded. */
  readonly query: ReadonlyMap<string, string>;
}

/** An operation whose request has been read: what its decision reads, and the decision. */
export interface PreparedOperation<P extends ParamName = never> {
  /**
   * What the decision reads besides the path's records (a database storage loads exactly
   * these), computed when asked: the in-memory storage holds everything and never asks.
   */
  readonly loads: () => OperationLoads;
  /** The decision on the view the storage loaded. */
  readonly decide: Handler<P>;
}

/**
 * An operation of the route table as the service runs it: the body and the query are read
 * once, before the storage is asked for anything, and what the decision reads is computed from
 * what was read (docs/decisions.md "What a decision reads, from its command").
 */
export interface Operation<P extends ParamName = never> {
  /**
   * Reads the request. A request the reading refuses loads only the path's records and answers
   * the refusal once those are found (a missing record is 404 before a bad body is 400).
   * @param request - the body and the query
   * @param company - the caller's company configuration (settings, users, catalogs)
   * @returns the loads and the decision
   */
  readonly prepare: (request: OperationRequest, company: CompanyState) => PreparedOperation<P>;
}

/** The three parts of an operation that reads its request into a command. */
export interface OperationDefinition<P extends ParamName, C> {
  /** Reads the body and the query into the command, with every issue when they are wrong. */
  readonly parse: (request: OperationRequest) => Result<C>;
  /** What the decision reads besides the path's records, from the command and the configuration. */
  readonly loads: (command: C, company: CompanyState) => OperationLoads;
  /** Decides on the loaded view. */
  readonly decide: (ctx: HandlerContext<P>, command: C) => Reply;
}

/**
 * An operation from its parser, its loads and its decision, which share the command type.
 * @param definition - parse, loads, decide
 * @returns the operation
 */
export function defineOperation<P extends ParamName, C>(definition: OperationDefinition<P, C>): Operation<P> {
  const { parse, loads, decide } = definition;
  return {
    prepare: (request, company) => {
      const command = parse(request);
      if (!command.ok) {
        const refused = refusal(command.issues);
        return { loads: () => NOTHING, decide: () => refused };
      }
      const value = command.value;
      return { loads: () => loads(value, company), decide: (ctx) => decide(ctx, value) };
    },
  };
}

/**
 * An operation that reads nothing from the request but its path.
 * @param loads - what the decision reads besides the path's records
 * @param decide - the decision
 * @returns the operation
 */
export function pathOperation<P extends ParamName>(loads: OperationLoads, decide: Handler<P>): Operation<P> {
  const prepared: PreparedOperation<P> = { loads: () => loads, decide };
  return { prepare: () => prepared };
}

/**
 * The answer of a refused request: every issue in one problem body, the status from the
 * issues ({@link refusal}: 400 for broken rules). The service drops changes and effects of
 * any refusal (GEN-8).
 * @param issues - what is wrong
 * @returns the reply
 */
export function refused(issues: NonEmptyArray<Issue>): Reply {
  return refusal(issues);
}

/**
 * The operations answered by a handler: the decisions and the store page (a `listing`); the
 * login needs no token, and the storage answers the journal read and the sync (JRN-2, SYN-2).
 */
export type HandledOperation = { [O in OperationId]: ApiOperations[O]["kind"] extends "decision" | "listing" ? O : never }[OperationId];

/**
 * The handlers of some operations, by operation, as each file of src/service/handlers/ lists
 * its own: the type ties each decision to its route's placeholders, so a decision reading
 * `records.intervention` cannot answer a path without `{intervention}`.
 */
export type Handlers<O extends HandledOperation> = { readonly [K in O]: Operation<OperationParams<K>> };
