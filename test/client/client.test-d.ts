// Type tests of the typed client: checked by `tsc --noEmit` (part of `npm test`); every
// `@ts-expect-error` line fails the type check if it ever compiles.
import { expectTypeOf } from "vitest";
import {
  FieldServiceError, type AddToStoreShape, type CreatedShape, type FieldServiceClient, type InterventionShape, type OperationId,
  type EdgeIssue, type Issue, type ProblemDetails, type RuleId, type StoreDetail, type ClientOptions, type FetchLike, type JournalPage,
} from "../../src/client/index.js";

declare const client: FieldServiceClient;
const guid = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const planBody = { primaryAssigneeId: "tech-1", day: "2026-12-03", categoryId: "oprava", assignations: [] };

// One method per operation of the route table, named after it (login included), and the journal's pages.
expectTypeOf<keyof FieldServiceClient>().toEqualTypeOf<OperationId | "journalPages">();
expectTypeOf(client.journalPages).returns.toEqualTypeOf<AsyncIterableIterator<JournalPage>>();

// Answers are the read shapes; a 204 resolves to nothing.
expectTypeOf(client.planIntervention).returns.resolves.toEqualTypeOf<InterventionShape>();
expectTypeOf(client.readStore).returns.resolves.toEqualTypeOf<StoreDetail>();
expectTypeOf(client.addCustomer).returns.resolves.toEqualTypeOf<CreatedShape>();
expectTypeOf(client.addToStore).returns.resolves.toEqualTypeOf<AddToStoreShape>();
expectTypeOf(client.editOrder).returns.resolves.toEqualTypeOf<void>();

// GEN-2: a record is a GUID string or { externalId }; one path never mixes the two.
void client.planIntervention(guid, planBody);
void client.planIntervention({ externalId: "ORD-1" }, planBody);
// @ts-expect-error a number is not a record reference
void client.readOrder(42);
// @ts-expect-error { id } is not a reference form: a GUID goes as a string
void client.readOrder({ id: guid });
void client.readIntervention({ externalId: "ORD-1" }, { externalId: "V-1" });
// @ts-expect-error a GUID and an external ID in one path
void client.readIntervention(guid, { externalId: "V-1" });
// @ts-expect-error an external ID and a GUID in one path
void client.moveStock({ externalId: "centralni-sklad" }, guid, []);

// INT-1: the plan body is typed as the parser reads it.
// @ts-expect-error day is required
void client.planIntervention(guid, { primaryAssigneeId: "tech-1", categoryId: "oprava", assignations: [] });
// @ts-expect-error assignations are objects with userId, plannedStart and plannedEnd
void client.planIntervention(guid, { ...planBody, assignations: ["tech-1"] });
// @ts-expect-error ORD-4: "Urgent" is not a priority
void client.planIntervention(guid, { ...planBody, priority: "Urgent" });
// INT-4: date, category and technicians change only through replan
// @ts-expect-error day is not a field of an intervention edit
void client.editIntervention(guid, guid, { day: "2026-12-04" });
// ORD-7: the required references of an order cannot be cleared with null; optional fields can.
void client.editOrder(guid, { internalNote: null });
// @ts-expect-error addressId cannot be null
void client.editOrder(guid, { addressId: null });
// STK-6: stock bodies are arrays of { materialId, amount? } with a numeric amount.
void client.addToStore(guid, [{ materialId: "MAT-001" }, { materialId: "MAT-002", amount: null }]);
// @ts-expect-error an amount is a JSON number, not a string
void client.addToStore(guid, [{ materialId: "MAT-001", amount: "5" }]);
// CUS-1: contactPeople and addresses are required on add.
// @ts-expect-error addresses are missing
void client.addCustomer({ name: "Acme", contactPeople: [{ lastName: "Malá" }] });
// STO-3: the store query's sort key is one of the listed keys.
// @ts-expect-error "weight" is not a sort key
void client.readStore(guid, { page: 1, pageSize: 10, sortBy: "weight" });
// Reads take no dry run.
// @ts-expect-error dryRun is an option of writes only
void client.readOrder(guid, { dryRun: true });

// Every call takes a signal and a timeout in milliseconds; the client takes a default timeout.
void client.readOrder(guid, { signal: new AbortController().signal, timeout: 5_000 });
void client.cancelOrder(guid, undefined, { timeout: Infinity, dryRun: true });
expectTypeOf<ClientOptions["timeout"]>().toEqualTypeOf<number | undefined>();
// @ts-expect-error a timeout is a number of milliseconds, not a duration string
void client.readOrder(guid, { timeout: "5s" });

// ERR-1: a refusal carries the typed problem details.
declare const error: FieldServiceError;
expectTypeOf(error.problem).toEqualTypeOf<ProblemDetails>();
expectTypeOf(error.problem.errors[0]!.path).toEqualTypeOf<string>();
expectTypeOf(error.operation).toEqualTypeOf<OperationId>();
// ERR-1 (issue 24), HTTP-1, HTTP-2 (issue 38): every issue's rule is typed and present, an edge answer's too.
expectTypeOf(error.problem.errors[0]!.rule).toEqualTypeOf<RuleId>();
expectTypeOf<Issue["rule"]>().toEqualTypeOf<RuleId>();
expectTypeOf<EdgeIssue["rule"]>().toEqualTypeOf<RuleId>();

// The global fetch is a FetchLike: `createClient({ ..., fetch })` takes it as it is.
const globalFetch: FetchLike = fetch;
expectTypeOf<ClientOptions["fetch"]>().toEqualTypeOf<FetchLike | undefined>();
void globalFetch;
