import { collisionIndexOfRows } from "../assignation/collision-index.js";
import type { Guid } from "../shared/guid.js";
import type { Material } from "../material/material.js";
import { createServiceCore, type ServiceCore } from "../service/create.js";
import type { ServiceRequest, ServiceResponse } from "../service/entry-point.js";
import type { Fixture } from "../service/fixture.js";
import { commit, type CompanyState } from "../service/state.js";
import { amountFromText, type Amount } from "../stock/amount.js";
import type { SyncReplica } from "../sync/answer.js";
import { materialFromSync } from "../sync/scope.js";

/** The integration client the local service is given: it exists only on the device, with a secret drawn per build. */
const DEVICE_CLIENT_ID = "offline-device";

/** Options of {@link localDecider}. */
export interface LocalDeciderOptions {
  /** The device's clock; the server decides with its own. Default: the system clock. */
  readonly now?: () => Date;
  /** GUID source of the decisions (a lifecycle move draws report-document GUIDs). Default: `crypto.randomUUID`. */
  readonly newId?: () => string;
}

/**
 * The service's own decisions over a replica: a request in, the answer the server would give on
 * the replica's state out, and the local state changed as the server's would be.
 */
export interface LocalDecider {
  /**
   * Decides one request exactly as the server would on this state (OFF-1), committing a success
   * to the local state. The request is sent without authorization: the decider adds its own.
   */
  readonly decide: (request: ServiceRequest) => ServiceResponse;
  /** The company state the decisions read and change (the local replica as records). */
  readonly state: CompanyState;
}

/** A random secret for the device's local client: nobody outside this decider ever knows it. */
function randomSecret(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  // Stryker disable next-line StringLiteral: the secret is only ever compared with itself (the fixture's client and the local login), so a prefix changes nothing
  let text = "";
  // Stryker disable next-line StringLiteral: as above; the 24 random bytes stay in the text with or without padding
  for (const b of bytes) text += b.toString(16).padStart(2, "0");
  return text;
}

/**
 * Builds the local decider of a replica (OFF-1): the company's configuration as a fixture with
 * one device client and no materials or stores, the service's own core in memory (no journal),
 * the replica's records, stock and allocations committed into its state, and a local login. A
 * write decided here runs the very code the server runs, so on the same state it answers the
 * same status, body and issues. Records outside the scope (another technician's visits, an
 * external ID held by a record the device never saw) are not in the state: a decision that reads
 * them can differ from the server's, and sync reports it (OFF-3).
 * @param replica - the replica to decide on (not changed)
 * @param options - the device's clock and GUID source
 * @returns the decider
 * @throws Error when the replica's configuration is not a valid fixture (a broken sync answer)
 * @rule OFF-1
 * @example
 * ```ts not-run
 * // the replica of a pull: createOfflineClient keeps one (`device.replica()`) and builds its decider so
 * const decider = localDecider(device.replica()!, { now: () => new Date() });
 * decider.decide({ method: "PUT", path: `/order/${orderId}/intervention/${visitId}/Start` }).status //=> 200
 * ```
 */
export function localDecider(replica: SyncReplica, options: LocalDeciderOptions = {}): LocalDecider {
  const secret = randomSecret();
  const c = replica.company;
  const fixture: Fixture = {
    companies: [{
      id: c.id, tenantCode: c.tenantCode, name: c.name, clients: [{ clientId: DEVICE_CLIENT_ID, secret }],
      settings: c.settings, users: [...c.users], catalogs: c.catalogs, materials: [], stores: [],
    }],
  };
  const core: ServiceCore = createServiceCore({
    // Stryker disable next-line ObjectLiteral,ConditionalExpression: no decision reads the journal (the device sends no idempotency keys), and createServiceCore reads an undefined clock or GUID source as its default
    fixture, journal: { retention: 0 }, ...(options.now === undefined ? {} : { now: options.now }), ...(options.newId === undefined ? {} : { newId: options.newId }),
  });
  const state = core.companies.get(c.id);
  // Stryker disable next-line ConditionalExpression,StringLiteral: the fixture above holds the company, so the core always loads it; the test only narrows the type
  if (state === undefined) throw new Error(`localDecider: the company ${c.id} of the replica was not loaded`);
  const materials: Material[] = [...replica.materials.values()].map((m) => materialFromSync(m));
  const stock = new Map<Guid, Map<Guid, Amount>>();
  for (const [storeId, items] of replica.stock) {
    const amounts = new Map<Guid, Amount>();
    for (const [materialId, amount] of items) amounts.set(materialId, amountFromText(amount));
    stock.set(storeId, amounts);
  }
  commit(state, {
    customers: [...replica.customers.values()], orders: [...replica.orders.values()], interventions: [...replica.interventions.values()],
    materials, stores: [...replica.stores.values()], stock,
  });
  // The collision index comes from the replica's allocation rows, as the PostgreSQL storage builds
  // a view's from allocation rows: other visits of the day are there without their records.
  const rows: { interventionId: Guid; userId: Guid; start: number; end: number }[] = [];
  for (const [interventionId, slots] of replica.allocations) for (const s of slots) rows.push({ interventionId, userId: s.userId, start: s.plannedStart, end: s.plannedEnd });
  state.allocations = collisionIndexOfRows(rows);

  // Stryker disable next-line StringLiteral: logIn below sets the token before any decision reads it
  let token = "";
  const logIn = (): void => {
    const answer = core.handle({ method: "POST", path: "/auth/login", body: { tenantCode: c.tenantCode, clientId: DEVICE_CLIENT_ID, secret } });
    const body = answer.body as { accessToken?: unknown } | undefined;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining,StringLiteral: the device's own client, with its own secret, on a core just built: the login always succeeds; this only narrows the type
    if (answer.status !== 200 || typeof body?.accessToken !== "string") throw new Error(`localDecider: the local login answered ${answer.status}`);
    token = body.accessToken;
  };
  logIn();
  const decide = (request: ServiceRequest): ServiceResponse => {
    const send = (): ServiceResponse => core.handle({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
    const answer = send();
    if (answer.status !== 401) return answer;
    // The local token ran out on a long day offline: log in again, as the server's client would.
    logIn();
    return send();
  };
  return { decide, state };
}
