// The check that withContract runs on every answer (issue-rules.ts): each issue's rule against
// the rule catalogs and against the rules its message names.
import { describe, expect, it } from "vitest";
import { ruleIds } from "../../src/shared/rule-id.generated.js";
import { catalogRuleIds, issueRuleProblems, namedRules } from "./issue-rules.js";

const problemOf = (...errors: unknown[]) => ({ type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest", errors });

describe("the rule of an issue, checked against the catalogs and the message (issue 24)", () => {
  it("ERR-1: the catalogs the check reads are the RuleId the code compiles against", () => {
    expect([...catalogRuleIds]).toEqual(ruleIds);
  });

  it("ERR-1: a message names the rules outside the values it quotes (an external ID in quotes is a value, not a rule)", () => {
    expect(namedRules('No order with the external ID "ORD-1" in this company (GEN-2, AUTH-4).')).toEqual(["GEN-2", "AUTH-4"]);
    expect(namedRules("Expected one of Low, Normal, High.")).toEqual([]);
    expect(namedRules('At most 3 characters; "a \\" ORD-2" (LIM-1).')).toEqual(["LIM-1"]);
  });

  it("ERR-1: an issue passes with a catalog rule that its message names first, or with one and no named rule", () => {
    expect(issueRuleProblems(problemOf(
      { code: "NotFound", path: "", message: "No order with the ID \"x\" in this company (GEN-2, AUTH-4).", rule: "GEN-2" },
      { code: "Required", path: "day", message: "day is required.", rule: "ERR-2" },
      { code: "PayloadTooLarge", path: "", message: "The body is larger than 1048576 bytes.", rule: "HTTP-1" },
      { code: "Unavailable", path: "", message: "The service cannot reach its storage right now.", rule: "HTTP-2" },
    ))).toEqual([]);
    expect(issueRuleProblems({ actions: [{ action: "edit", allowed: false, issue: { code: "InvalidState", path: "", message: "edit: order is Cancelled (ORD-6)", rule: "ORD-6" } }, { action: "cancel", allowed: true }] })).toEqual([]);
  });

  it("ERR-1, HTTP-1, HTTP-2: it finds a missing rule, one outside the catalogs, a message naming another rule first or an unknown one, and an edge answer without its code's rule (issue 38)", () => {
    const problems = issueRuleProblems(problemOf(
      { code: "Required", path: "day", message: "day is required." },
      { code: "Required", path: "day", message: "day is required.", rule: "ASN-99" },
      { code: "NotFound", path: "", message: "No such order (GEN-2, AUTH-4).", rule: "AUTH-4" },
      { code: "Collision", path: "", message: "Overlaps (ASN-55).", rule: "ASN-5" },
      { code: "InternalError", path: "", message: "Internal error.", rule: "ERR-2" },
      { code: "UriTooLong", path: "", message: "Too long." },
    ));
    expect(problems.map((p) => p.replace(/:.*$/, ""))).toEqual([
      "no rule", "rule ASN-99 is in no catalog", "the message names GEN-2 first, the data says AUTH-4",
      "the message names ASN-55 first, the data says ASN-5", "the message names ASN-55, which no catalog has",
      "an edge answer's issue cites ERR-2, not HTTP-2", "an edge answer's issue cites undefined, not HTTP-1",
    ]);
  });
});
