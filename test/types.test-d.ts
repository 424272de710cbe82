// Type tests: invariants the compiler must enforce. Checked by `tsc --noEmit` (part of
// `npm test`); every `@ts-expect-error` line fails the type check if it ever compiles.
import { expectTypeOf } from "vitest";
import {
  ABSENT, UNLIMITED, finite, guid, nextInterventionState, parseIsoDate,
  type Amount, type Guid, type Issue, type IsoDate, type OrderChanges, type ProblemIssue, type Quantity, type Result, type RuleId, type Tri,
} from "../src/index.js";
import { issue } from "../src/shared/issue.js";

declare const someString: string;
declare const someGuid: Guid;

// GEN-1: a plain string is not a GUID; a GUID is still usable as a string.
// @ts-expect-error an external ID cannot be passed where a GUID is required
const notAGuid: Guid = someString;
expectTypeOf(someGuid).toMatchTypeOf<string>();
expectTypeOf(guid).returns.toEqualTypeOf<Guid>();

// GEN-6: a date is only obtained by parsing.
// @ts-expect-error a plain string is not a calendar date
const notADate: IsoDate = "2026-02-30";
expectTypeOf(parseIsoDate).returns.toEqualTypeOf<IsoDate | undefined>();

// GEN-5 / ORD-7: an order edit may clear optional fields with null, never the required ones.
expectTypeOf<OrderChanges["internalNote"]>().toEqualTypeOf<Tri<string>>();
expectTypeOf<OrderChanges["addressId"]>().toEqualTypeOf<typeof ABSENT | string>();
// @ts-expect-error addressId is required: null is not allowed
const clearAddress: OrderChanges["addressId"] = null;
expectTypeOf<Tri<string>>().toEqualTypeOf<typeof ABSENT | null | string>();

// STK-1: unlimited is its own variant, not a number, and "all" is not an amount.
// @ts-expect-error Infinity is not an Amount
const infinite: Amount = Number.POSITIVE_INFINITY;
// @ts-expect-error a quantity of "all" cannot be stored as an amount
const stored: Amount = { kind: "all" } as Quantity;
expectTypeOf(UNLIMITED).toMatchTypeOf<Amount>();
expectTypeOf(finite).returns.toMatchTypeOf<Amount>();

// GEN-9: a result is either a value or a non-empty list of issues.
declare const r: Result<number>;
if (!r.ok) expectTypeOf(r.issues[0]).toMatchTypeOf<{ code: string; path: string; message: string }>();

// ERR-1 (issue 24): every issue of a rule carries a rule ID of the catalog; a typo fails to compile.
if (!r.ok) expectTypeOf(r.issues[0].rule).toEqualTypeOf<RuleId>();
expectTypeOf<ProblemIssue["rule"]>().toEqualTypeOf<RuleId>();
// @ts-expect-error ASN-99 is no rule of the catalog
issue("Collision", "assignations[0]", "ASN-99");
// @ts-expect-error an issue without its rule
const ruleless: Issue = { code: "Required", path: "day", message: "day is required." };
// @ts-expect-error an edge code (413) is built with edgeIssue, without a rule
issue("PayloadTooLarge", "", "ERR-2");

// INT-7: the transition table only takes known states and actions.
// @ts-expect-error "Paused" is not an intervention state
nextInterventionState("Paused", "start");

export { notAGuid, notADate, clearAddress, infinite, stored, ruleless };
