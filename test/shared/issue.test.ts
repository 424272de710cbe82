import { describe, expect, it } from "vitest";
import { all, collect, edgeCodes, edgeIssue, fail, issue, issueCodes, joinPath, ok, prefixIssues, type EdgeCode, type IssueCode } from "../../src/shared/issue.js";

describe("GEN-9: issues", () => {
  it("GEN-9: collect returns every issue, or the value when there is none", () => {
    expect(collect([], () => 1)).toEqual(ok(1));
    const issues = [issue("Required", "a", "ERR-2"), issue("Blank", "b", "ERR-2")] as const;
    expect(collect(issues, () => 1)).toEqual(fail(issues));
  });
  it("GEN-9: all joins every issue of every refused result, in order", () => {
    const r = all([ok(1), fail([issue("Required", "a", "ERR-2")]), ok(2), fail([issue("Blank", "b", "ERR-2"), issue("Negative", "c", "GEN-7")])]);
    expect(!r.ok && r.issues.map((i) => i.path)).toEqual(["a", "b", "c"]);
    expect(all([ok(1), ok(2)])).toEqual(ok([1, 2]));
  });
  it("GEN-9: paths join as JSON paths", () => {
    expect(joinPath("", "name")).toBe("name");
    expect(joinPath("assignations", 1)).toBe("assignations[1]");
    expect(joinPath("assignations[1]", "plannedEnd")).toBe("assignations[1].plannedEnd");
    expect(joinPath("", 3)).toBe("[3]");
    expect(joinPath("a", "[2].b")).toBe("a[2].b");
    expect(prefixIssues([issue("Blank", "email", "ERR-2")], "contactPeople[1]")[0]).toEqual(issue("Blank", "contactPeople[1].email", "ERR-2"));
  });
  it("GEN-9: an empty child keeps the parent path; an index or a relative path joins without a dot", () => {
    expect(joinPath("a", "")).toBe("a");
    expect(joinPath("", "")).toBe("");
    expect(joinPath("contactPeople[0]", "[1]")).toBe("contactPeople[0][1]");
    expect(joinPath("a.b", "c.d")).toBe("a.b.c.d");
  });
  it("ERR-1: every issue code has its description in the one catalog, a sentence a person can read", () => {
    for (const [code, text] of Object.entries(issueCodes)) {
      const edge = Object.hasOwn(edgeCodes, code);
      expect(edge ? edgeIssue(code as EdgeCode, text).message : issue(code as Exclude<IssueCode, EdgeCode>, "", "ERR-2").message).toBe(text);
      // The default message of a problem's issue (docs/openapi.json lists them): a sentence.
      expect(text, code).toMatch(/^\S.{14,}[.)]$/s);
    }
    expect(issue("Blank", "name", "ERR-2", "Own words.").message).toBe("Own words.");
  });
});
