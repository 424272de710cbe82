// The typed client against the real server on loopback (createHttpServer + createFieldService
// with the demo fixture, 127.0.0.1, an ephemeral port): every operation in both ID forms,
// refusals as typed errors, token renewal with a fake clock, one login for concurrent first
// calls, one retry after a 401, validation before sending, dry runs.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations } from "../../src/api/operations.js";
import type { OperationId } from "../../src/api/operations.generated.js";
import { TOKEN_LIFETIME_MS } from "../../src/auth/token.js";
import {
  createClient, FieldServiceError, FieldServiceNetworkError, FieldServiceUnexpectedResponseError, inProcessFetch, operationPath,
  type ClientOptions, type FieldServiceClient, type InterventionPlanBody, type PlanningBody,
} from "../../src/client/index.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { demo, recordingFetch, startServer, type Seen, type Started } from "./support.js";

let server: Started;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

function client(seen: Seen[], extra: Partial<ClientOptions> = {}): FieldServiceClient {
  return createClient({ baseUrl: `${server.baseUrl}/`, ...demo, fetch: recordingFetch(seen), ...extra });
}

const at = (day: string, from: string, to: string): InterventionPlanBody["assignations"][number] => ({
  userId: "", plannedStart: `${day}T${from}:00+01:00`, plannedEnd: `${day}T${to}:00+01:00`,
});
function plan(externalId: string, tech: string, day: string, from: string, to: string, categoryId = "oprava"): PlanningBody & { readonly externalId: string } {
  return { externalId, primaryAssigneeId: tech, day, categoryId, assignations: [{ ...at(day, from, to), userId: tech }] };
}
const orderBody = (externalId: string) => ({ externalId, customerId: "C-CLIENT", addressId: "provozovna", contactPersonId: "jana", categoryId: "oprava" });

describe("every operation through the client", () => {
  it("GEN-2: every operation answers in both ID forms (GUID and /externalId/), typed with the read shapes", async () => {
    const seen: Seen[] = [];
    const c = client(seen);

    expect(Object.keys(c).sort()).toEqual([...Object.keys(apiOperations), "journalPages"].sort());
    const login = await c.login();
    expect(login.user.tenantCode).toBe("demo");

    // customers
    const { id: customerId } = await c.addCustomer({
      externalId: "C-CLIENT", name: "Pekárna", identificationNumber: "27074358",
      contactPeople: [{ externalId: "jana", lastName: "Malá", email: "jana@pekarna.cz", sendNotifications: true }],
      addresses: [{ externalId: "provozovna", city: "Brno" }],
    });
    expect(await c.addOrEditCustomer({ id: customerId, externalId: "C-CLIENT", name: "Pekárna U Zlatého klasu", website: "https://pekarna.cz" })).toBeUndefined();
    const byGuid = await c.readCustomer(customerId);
    expect(byGuid.website).toBe("https://pekarna.cz");
    expect(await c.readCustomer({ externalId: "C-CLIENT" })).toEqual(byGuid);

    // orders
    const { id: o1 } = await c.addOrder(orderBody("O-1"));
    await c.addOrEditOrder({ ...orderBody("O-2"), name: "Druhá" });
    await c.editOrder(o1, { name: "Nechladí" });
    await c.editOrder({ externalId: "O-1" }, { internalNote: "Zvonit dvakrát" });
    const order1 = await c.readOrder(o1);
    expect([order1.name, order1.internalNote, order1.state]).toEqual(["Nechladí", "Zvonit dvakrát", "Open"]);
    const o2 = (await c.readOrder({ externalId: "O-2" })).id;
    expect((await c.orderAllowedActions(o1)).actions.find((a) => a.action === "planIntervention")?.allowed).toBe(true);
    expect((await c.orderAllowedActions({ externalId: "O-1" })).actions.find((a) => a.action === "complete")?.allowed).toBe(true);

    // interventions: plan, read, edit, replan, the lifecycle, report documents
    const v1 = await c.planIntervention({ externalId: "O-1" }, plan("V-1", "tech-1", "2026-12-03", "09:00", "11:00"));
    const v2 = await c.planIntervention(o1, plan("V-2", "tech-2", "2026-12-03", "13:00", "14:00", "revize"));
    expect([v1.state, v1.day, v1.assignations[0]?.plannedStart]).toEqual(["Planned", "2026-12-03", "2026-12-03T08:00:00.000Z"]);
    expect(await c.readIntervention({ externalId: "O-1" }, { externalId: "V-1" })).toEqual(await c.readIntervention(o1, v1.id));
    expect((await c.interventionAllowedActions(o1, v1.id)).actions.find((a) => a.action === "replan")?.allowed).toBe(true);
    // candidates (CND-1 to CND-4): tech-1 holds 09:00-11:00 on 2026-12-03, so 10:00 is tech-2's and tech-3's; a replan of V-1 frees it
    const found = await c.orderCandidates(o1, { day: "2026-12-03", duration: 60, from: "10:00", to: "11:00", technicians: ["tech-1", "tech-2"] });
    expect(found.candidates.map((x) => x.userId)).toEqual([v2.primaryAssigneeId]);
    expect(await c.orderCandidates({ externalId: "O-1" }, { day: "2026-12-03", duration: 60, from: "10:00", to: "11:00", technicians: ["tech-1", "tech-2"] })).toEqual(found);
    const mine = await c.interventionCandidates(o1, v1.id, { day: "2026-12-03", duration: 60, from: "10:00", to: "11:00", technicians: ["tech-1"] });
    expect(mine.candidates.map((x) => x.plannedStart)).toEqual(["2026-12-03T09:00:00.000Z"]);
    expect(await c.interventionCandidates({ externalId: "O-1" }, { externalId: "V-1" }, { day: "2026-12-03", duration: 60, from: "10:00", to: "11:00", technicians: ["tech-1"] })).toEqual(mine);
    expect((await c.interventionAllowedActions({ externalId: "O-1" }, { externalId: "V-1" })).actions.find((a) => a.action === "reportDocuments")?.allowed).toBe(false);
    expect((await c.editIntervention(o1, v1.id, { internalNote: "Klíče u souseda" })).internalNote).toBe("Klíče u souseda");
    expect((await c.editIntervention({ externalId: "O-1" }, { externalId: "V-1" }, { priority: "High" })).priority).toBe("High");
    expect((await c.replanIntervention({ externalId: "O-1" }, { externalId: "V-1" }, plan("V-1", "tech-1", "2026-12-04", "09:00", "10:00"))).day).toBe("2026-12-04");
    expect((await c.replanIntervention(o1, v1.id, plan("V-1", "tech-1", "2026-12-05", "09:00", "10:00"))).day).toBe("2026-12-05");
    const e1 = { externalId: "O-1" };
    expect((await c.startDeparture(o1, v1.id)).state).toBe("DepartureStarted");
    expect((await c.start(e1, { externalId: "V-1" })).state).toBe("Running");
    expect((await c.requestSignature(o1, v1.id)).state).toBe("WaitingForSignature");
    expect((await c.complete(e1, { externalId: "V-1" })).state).toBe("Completed");
    expect((await c.startDeparture(e1, { externalId: "V-2" })).state).toBe("DepartureStarted");
    expect((await c.start(o1, v2.id)).state).toBe("Running");
    expect((await c.requestSignature(e1, { externalId: "V-2" })).state).toBe("WaitingForSignature");
    expect((await c.complete(o1, v2.id)).state).toBe("Completed");
    expect((await c.readReportDocuments(o1, v1.id)).documents.map((d) => d.formName)).toEqual(["Protokol o opravě"]);
    expect((await c.readReportDocuments(e1, { externalId: "V-2" })).documents).toHaveLength(2);

    // cancel two interventions, complete both orders, cancel two more
    await c.planIntervention(o2, plan("V-3", "tech-3", "2026-12-07", "09:00", "10:00"));
    const v4 = await c.planIntervention({ externalId: "O-2" }, plan("V-4", "tech-3", "2026-12-07", "11:00", "12:00"));
    expect((await c.cancelIntervention({ externalId: "O-2" }, { externalId: "V-3" }, { reason: "Zákazník zrušil" })).cancellationReason).toBe("Zákazník zrušil");
    expect((await c.cancelIntervention(o2, v4.id, {})).state).toBe("Cancelled");
    expect(await c.completeOrder(e1)).toBeUndefined();
    await c.completeOrder(o2);
    expect((await c.readOrder(o2)).state).toBe("Completed");
    const { id: o3 } = await c.addOrder(orderBody("O-3"));
    await c.addOrder(orderBody("O-4"));
    await c.cancelOrder(o3, { reason: "Duplicita" });
    await c.cancelOrder({ externalId: "O-4" });
    expect((await c.readOrder(o3)).cancellationReason).toBe("Duplicita");
    expect((await c.readOrder({ externalId: "O-4" })).state).toBe("Cancelled");

    // materials
    const screw = await c.readMaterial({ externalId: "MAT-001" });
    expect(await c.readMaterial(screw.id)).toEqual(screw);
    await c.replaceMaterial({ externalId: "MAT-001" }, { name: "Šroub M6 pozink", categoryId: "spojovaci", supplierId: "ferona", price: 2.75 });
    await c.replaceMaterial(screw.id, { name: "Šroub M6 pozink", categoryId: "spojovaci", supplierId: "ferona", price: 2.8, unit: "Amounts" });
    expect((await c.readMaterial(screw.id)).price).toBe(2.8);

    // stores and stock
    const van = await c.readStore({ externalId: "auto-2" }, { page: 1, pageSize: 10 });
    await c.replaceStore({ externalId: "auto-2" }, { name: "Servisní vůz 2", externalId: "auto-2", availableFor: ["tech-2", "tech-3"] });
    await c.replaceStore(van.id, { name: "Servisní vůz II", externalId: "auto-2", availableFor: ["tech-2"] });
    expect((await c.addToStore({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 10 }])).items).toEqual([{ materialId: screw.id, amount: 10 }]);
    expect((await c.addToStore(van.id, [{ materialId: "MAT-001", amount: 0.5 }, { materialId: "MAT-020" }])).items.map((i) => i.amount)).toEqual([10.5, null]);
    await c.removeMaterial({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 0.5 }]);
    await c.removeMaterial(van.id, [{ materialId: "MAT-020" }]);
    await c.setMaterialAmounts({ externalId: "auto-2" }, [{ materialId: "MAT-002", amount: 3 }]);
    await c.setMaterialAmounts(van.id, [{ materialId: "MAT-003", amount: null }]);
    const central = await c.readStore({ externalId: "centralni-sklad" }, { page: 1, pageSize: 1 });
    await c.moveStock({ externalId: "centralni-sklad" }, { externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 5 }]);
    await c.moveStock(central.id, van.id, [{ materialId: "MAT-002", amount: 1 }]);
    const page = await c.readStore(van.id, { page: 1, pageSize: 10, sortBy: "name", sortOrder: "descend" });
    expect(page.name).toBe("Servisní vůz II");
    expect(page.materials.items.map((i) => [i.name, i.amount])).toEqual([["Šroub M8", 4], ["Šroub M6 pozink", 15], ["Práce technika", 0], ["Matice M6", null]]);

    // The journal of those writes (JRN-2), newest last.
    // The device sync (SYN-1 to SYN-3): tech-1's day, then nothing changed since.
    const synced = await c.sync({ scope: "technician:tech-1", from: "2026-12-03", to: "2026-12-03" });
    expect([synced.full, synced.scope.from, synced.company.users.length > 0]).toEqual([true, "2026-12-03", true]);
    expect((await c.sync({ scope: "technician:tech-1", from: "2026-12-03", to: "2026-12-03", since: synced.cursor })).full).toBe(false);
    const journal = await c.readJournal({ operation: "moveStock" });
    expect(journal.items.map((e) => [e.operation, e.outcome, e.status])).toEqual([["moveStock", "committed", 204], ["moveStock", "committed", 204]]);

    // The wire saw every operation, in both forms where its path names records.
    expect(seen.filter((s) => s.status >= 400)).toEqual([]);
    const missing: string[] = [];
    for (const operation of Object.keys(apiOperations) as OperationId[]) {
      const forms = apiOperations[operation].path.includes("{") ? (["id", "externalId"] as const) : (["id"] as const);
      for (const form of forms) if (!seen.some((s) => s.operation === operation && s.form === form)) missing.push(`${operation} (${form})`);
    }
    expect(missing).toEqual([]);
    expect(seen.filter((s) => s.operation === "login")).toHaveLength(1);
  });
});

describe("refusals are typed errors carrying the problem details", () => {
  it("GEN-9, ERR-1: a 400 carries every issue with its path", async () => {
    const c = client([]);
    const error = await c.planIntervention({ externalId: "ORD-NONE" }, { primaryAssigneeId: "", day: "3.12.2026", categoryId: "oprava", assignations: [] }).catch((e: unknown) => e);
    // The order is unknown: 404 before the body is judged.
    expect(error).toBeInstanceOf(FieldServiceError);
    expect((error as FieldServiceError).status).toBe(404);
    const { id } = await c.addOrder(orderBody("O-400"));
    const bad = await c.planIntervention(id, { primaryAssigneeId: "", day: "3.12.2026", categoryId: "oprava", assignations: [] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(FieldServiceError);
    const e = bad as FieldServiceError;
    expect([e.status, e.problem.name, e.operation, e.local]).toEqual([400, "BadRequest", "planIntervention", false]);
    expect(e.problem.errors.map((i) => [i.code, i.path])).toEqual([["Blank", "primaryAssigneeId"], ["InvalidDate", "day"]]);
    expect(e.message).toMatch(/^planIntervention: 400 BadRequest: primaryAssigneeId: /);
  });

  it("ERR-1, INT-1, HTTP-1: FieldServiceError exposes each issue's rule, from the server and from local validation; an edge answer's issue cites HTTP-1 (issues 24, 38)", async () => {
    const c = client([]);
    const { id } = await c.addOrder(orderBody("O-RULE"));
    const body = { primaryAssigneeId: "", day: "3.12.2026", categoryId: "oprava", assignations: [] };
    const remote = (await c.planIntervention(id, body).catch((x: unknown) => x)) as FieldServiceError;
    expect(remote.problem.errors.map((i) => [i.code, i.rule])).toEqual([["Blank", "INT-1"], ["InvalidDate", "GEN-6"]]);
    const local = (await c.planIntervention(id, body, { validate: true }).catch((x: unknown) => x)) as FieldServiceError;
    expect([local.local, local.problem.errors]).toEqual([true, remote.problem.errors]);
    const ref = (await c.readOrder("not-a-guid").catch((x: unknown) => x)) as FieldServiceError;
    expect(ref.problem.errors.map((i) => [i.code, i.rule])).toEqual([["InvalidGuid", "GEN-2"]]);
    // Over the server's 1 MiB: the HTTP adapter answers 413 before any rule reads the body.
    const large = (await c.replaceStore({ externalId: "auto-1" }, { name: "x".repeat(1_100_000), availableFor: [] }).catch((x: unknown) => x)) as FieldServiceError;
    expect([large.status, large.problem.errors[0]?.code, large.problem.errors[0]?.rule]).toEqual([413, "PayloadTooLarge", "HTTP-1"]);
  });

  it("GEN-2: an unknown record is a 404 NotFound", async () => {
    const e = (await client([]).readOrder({ externalId: "NO-SUCH-ORDER" }).catch((x: unknown) => x)) as FieldServiceError;
    expect(e).toBeInstanceOf(FieldServiceError);
    expect([e.status, e.problem.name, e.problem.errors[0]?.code]).toEqual([404, "NotFound", "NotFound"]);
  });

  it("AUTH-1: wrong credentials refuse the login with 403 Forbidden, and the call that needed it fails with it", async () => {
    const seen: Seen[] = [];
    const c = client(seen, { secret: "wrong" });
    const e = (await c.readOrder({ externalId: "O-1" }).catch((x: unknown) => x)) as FieldServiceError;
    expect(e).toBeInstanceOf(FieldServiceError);
    expect([e.status, e.problem.name, e.operation, e.problem.errors[0]?.code]).toEqual([403, "Forbidden", "login", "WrongCredentials"]);
    expect(seen.map((s) => s.operation)).toEqual(["login"]);
  });

  it("AUTH-2: a token the server refuses is a 401 NotAuthenticated after one new login and one retry", async () => {
    const seen: Seen[] = [];
    // A proxy that drops the authorization header: the server never sees the token.
    const strip = recordingFetch(seen, (init) => {
      const headers = new Headers(init.headers);
      headers.delete("authorization");
      return { ...init, headers };
    });
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: strip });
    const e = (await c.readOrder({ externalId: "O-1" }).catch((x: unknown) => x)) as FieldServiceError;
    expect(e).toBeInstanceOf(FieldServiceError);
    expect([e.status, e.problem.name, e.operation]).toEqual([401, "NotAuthenticated", "readOrder"]);
    expect(seen.map((s) => `${s.operation} ${s.status}`)).toEqual(["login 200", "readOrder 401", "login 200", "readOrder 401"]);
  });

  it("no answer at all is a FieldServiceNetworkError; a non-API answer a FieldServiceUnexpectedResponseError", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    await new Promise((resolve) => blocker.close(resolve));
    const offline = createClient({ baseUrl: `http://127.0.0.1:${port}`, ...demo });
    const e = await offline.readOrder({ externalId: "O-1" }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FieldServiceNetworkError);
    expect((e as FieldServiceNetworkError).operation).toBe("login");

    const html = createClient({ baseUrl: "http://proxy", ...demo, fetch: async () => new Response("<html>Bad gateway</html>", { status: 502 }) });
    const u = (await html.readOrder("3f2504e0-4f89-11d3-9a0c-0305e82c3301").catch((x: unknown) => x)) as FieldServiceUnexpectedResponseError;
    expect(u).toBeInstanceOf(FieldServiceUnexpectedResponseError);
    expect([u.status, u.body]).toEqual([502, "<html>Bad gateway</html>"]);
  });

  it("an aborted call rejects with its signal's reason (an AbortError, as fetch), for that call only; the shared login is not aborted", async () => {
    const seen: Seen[] = [];
    const c = client(seen);
    const signal = AbortSignal.abort();
    const [aborted, other] = await Promise.allSettled([
      c.readMaterial({ externalId: "MAT-001" }, { signal }),
      c.readMaterial({ externalId: "MAT-002" }),
    ]);
    expect(aborted.status === "rejected" && aborted.reason).toBe(signal.reason);
    expect(aborted.status === "rejected" && (aborted.reason as DOMException).name).toBe("AbortError");
    expect(other.status === "fulfilled" && other.value.externalId).toBe("MAT-002");
    expect(seen.map((s) => `${s.operation} ${s.status}`)).toEqual(["login 200", "readMaterial 200"]);
  });

  it("GEN-2: one path never mixes a GUID and an external ID: the client refuses to build one", async () => {
    expect(() => operationPath("moveStock", ["3f2504e0-4f89-11d3-9a0c-0305e82c3301", { externalId: "auto-2" }])).toThrow(TypeError);
    const seen: Seen[] = [];
    const mixed = client(seen).readIntervention as unknown as (a: unknown, b: unknown) => Promise<unknown>;
    await expect(mixed("3f2504e0-4f89-11d3-9a0c-0305e82c3301", { externalId: "V-1" })).rejects.toThrow(/never a mix/);
    expect(seen).toEqual([]);
  });
});

describe("the token (AUTH-2, AUTH-3)", () => {
  it("AUTH-3: the client renews the token before its 60 minutes run out, so no call meets a 401", async () => {
    const seen: Seen[] = [];
    const start = server.serverNow;
    let clientNow = 1_000_000;
    const c = client(seen, { now: () => clientNow });
    const step = async (ms: number): Promise<void> => {
      clientNow += ms;
      server.serverNow += ms;
      await c.readMaterial({ externalId: "MAT-002" });
    };
    try {
      await step(0);
      await step(TOKEN_LIFETIME_MS - 61_000); // 58:59 after the login: still fresh, no login
      expect(seen.filter((s) => s.operation === "login")).toHaveLength(1);
      await step(1_000); // 59:00: inside the 60-second margin, renewed before the call
      expect(seen.map((s) => s.operation)).toEqual(["login", "readMaterial", "readMaterial", "login", "readMaterial"]);
      await step(TOKEN_LIFETIME_MS - 61_000);
      await step(2_000);
      expect(seen.filter((s) => s.operation === "login")).toHaveLength(3);
      expect(seen.filter((s) => s.status !== 200)).toEqual([]);
      // The old token has expired on the server meanwhile; the client never sent it late.
      const tokens = seen.filter((s) => s.operation === "readMaterial").map((s) => s.authorization);
      expect(new Set(tokens).size).toBe(3);
    } finally {
      server.serverNow = start;
    }
  });

  it("AUTH-2: a 401 on a call (the server's clock ran ahead) triggers one new login and one retry", async () => {
    const seen: Seen[] = [];
    const start = server.serverNow;
    const c = client(seen, { now: () => 0 });
    try {
      await c.readMaterial({ externalId: "MAT-002" });
      server.serverNow += TOKEN_LIFETIME_MS + 1; // expired for the server, not yet for the client
      expect((await c.readMaterial({ externalId: "MAT-002" })).name).toBe("Šroub M8");
      expect(seen.map((s) => `${s.operation} ${s.status}`)).toEqual(["login 200", "readMaterial 200", "readMaterial 401", "login 200", "readMaterial 200"]);
    } finally {
      server.serverNow = start;
    }
  });

  it("AUTH-3: an expiresIn (seconds) in the login answer, if a server sends one, sets the lifetime instead of 60 minutes", async () => {
    const seen: Seen[] = [];
    const real = recordingFetch(seen);
    // A server that says its tokens last 5 minutes.
    const fiveMinutes = async (url: string, init: RequestInit): Promise<Response> => {
      const response = await real(url, init);
      if (!url.endsWith("/auth/login") || response.status !== 200) return response;
      return Response.json({ ...((await response.json()) as object), expiresIn: 300 });
    };
    let clientNow = 0;
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: fiveMinutes, now: () => clientNow, renewMarginMs: 30_000 });
    await c.readMaterial({ externalId: "MAT-001" });
    clientNow = 269_999; // 4:29.999: fresh
    await c.readMaterial({ externalId: "MAT-001" });
    clientNow = 270_000; // 4:30, 30 s before the 5 minutes: renewed
    await c.readMaterial({ externalId: "MAT-001" });
    expect(seen.map((s) => s.operation)).toEqual(["login", "readMaterial", "readMaterial", "login", "readMaterial"]);
  });

  it("AUTH-1: concurrent first calls share one login", async () => {
    const seen: Seen[] = [];
    const c = client(seen);
    const refs = ["MAT-001", "MAT-002", "MAT-003", "MAT-004", "MAT-005"].map((externalId) => ({ externalId }));
    const materials = await Promise.all(refs.map((r) => c.readMaterial(r)));
    expect(materials.map((m) => m.externalId)).toEqual(refs.map((r) => r.externalId));
    expect(seen.filter((s) => s.operation === "login")).toHaveLength(1);
    expect(new Set(seen.filter((s) => s.operation === "readMaterial").map((s) => s.authorization)).size).toBe(1);
  });

  it("AUTH-1: a failed login is not kept: the next call logs in again", async () => {
    let secret = "wrong";
    const seen: Seen[] = [];
    const c = createClient({ baseUrl: server.baseUrl, tenantCode: "demo", clientId: "demo-client", get secret() { return secret; }, fetch: recordingFetch(seen) });
    await expect(c.readMaterial({ externalId: "MAT-001" })).rejects.toBeInstanceOf(FieldServiceError);
    secret = "demo-secret";
    await expect(c.readMaterial({ externalId: "MAT-001" })).resolves.toMatchObject({ externalId: "MAT-001" });
    expect(seen.map((s) => `${s.operation} ${s.status}`)).toEqual(["login 403", "login 200", "readMaterial 200"]);
  });
});

describe("validation before sending", () => {
  it("GEN-9: with validate, a bad body is refused locally with the issues the server would answer, and nothing is sent", async () => {
    const seen: Seen[] = [];
    const c = client(seen, { validate: true });
    const body = { primaryAssigneeId: "tech-1", day: "2026-12-32", categoryId: "oprava", assignations: [{ userId: "tech-1", plannedStart: "nope", plannedEnd: "2026-12-03T10:00:00Z" }] };
    const local = (await c.planIntervention({ externalId: "O-1" }, body).catch((x: unknown) => x)) as FieldServiceError;
    expect(local).toBeInstanceOf(FieldServiceError);
    expect([local.status, local.problem.name, local.local]).toEqual([400, "BadRequest", true]);
    expect(seen).toEqual([]);
    // The same body sent (validation off for this call): the server's answer lists the same issues.
    const remote = (await c.planIntervention({ externalId: "O-3" }, body, { validate: false }).catch((x: unknown) => x)) as FieldServiceError;
    expect(remote.local).toBe(false);
    expect(remote.problem.errors).toEqual(local.problem.errors);
    expect(remote.problem.errors.map((i) => i.path)).toEqual(["day", "assignations[0].plannedStart"]);
  });

  it("STK-6, STO-3: stock batches and the store query are validated too; a valid body is sent", async () => {
    const seen: Seen[] = [];
    const c = client(seen);
    const stock = (await c.addToStore({ externalId: "auto-1" }, [{ materialId: "MAT-001", amount: -1 }], { validate: true }).catch((x: unknown) => x)) as FieldServiceError;
    expect(stock.problem.errors.map((i) => [i.code, i.path])).toEqual([["Negative", "[0].amount"]]);
    const query = (await c.readStore({ externalId: "auto-1" }, { page: 0, pageSize: 500 }, { validate: true }).catch((x: unknown) => x)) as FieldServiceError;
    expect(query.problem.errors.map((i) => i.path)).toEqual(["page", "pageSize"]);
    expect(seen).toEqual([]);
    expect((await c.readStore({ externalId: "auto-1" }, { page: 1, pageSize: 2 }, { validate: true })).materials.totalCount).toBe(4);
    await c.cancelOrder({ externalId: "NO-SUCH" }, undefined, { validate: true }).catch(() => undefined);
    expect(seen.map((s) => s.operation)).toEqual(["login", "readStore", "cancelOrder"]);
  });
});

describe("dry runs (docs/service.md)", () => {
  it("a dry-run write answers what the write would and commits nothing", async () => {
    const seen: Seen[] = [];
    const c = client(seen);
    const before = await c.readStore({ externalId: "auto-1" }, { page: 1, pageSize: 10 });
    const answer = await c.addToStore({ externalId: "auto-1" }, [{ materialId: "MAT-001", amount: 1 }], { dryRun: true });
    expect(answer.items[0]?.amount).toBe(51);
    expect(await c.readStore({ externalId: "auto-1" }, { page: 1, pageSize: 10 })).toEqual(before);
    const { id } = await c.addOrder({ ...orderBody("O-DRY"), externalId: "O-DRY" }, { dryRun: true });
    expect(typeof id).toBe("string");
    await expect(c.readOrder({ externalId: "O-DRY" })).rejects.toMatchObject({ status: 404 });
    expect(seen.filter((s) => s.path.includes("dryRun=true")).map((s) => s.operation)).toEqual(["addToStore", "addOrder"]);
  });
});

describe("inProcessFetch", () => {
  it("answers like the HTTP server: the same client runs against handle(request) with no network", async () => {
    const c = createClient({ baseUrl: "http://stand-in", ...demo, fetch: inProcessFetch(createFieldService({ fixture: demoFixture })) });
    const page = await c.readStore({ externalId: "centralni-sklad" }, { page: 1, pageSize: 3, sortBy: "price", sortOrder: "descend" });
    expect(page.materials.items.map((i) => i.price)).toEqual([5490, 1200, 1150]);
    await expect(c.readOrder({ externalId: "nope" })).rejects.toMatchObject({ status: 404, problem: { name: "NotFound" } });
  });
});
