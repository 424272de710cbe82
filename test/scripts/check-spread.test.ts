import { describe, expect, it } from "vitest";
import { spreadProblems } from "../../tools/check-spread.js";

const at = (text: string): string[] => spreadProblems("src/x.ts", text);

describe("check-spread", () => {
  it("GEN-9: a spread of an unbounded array into a call or a new is reported with its place", () => {
    expect(at("issues.push(...r.issues);")).toEqual(["src/x.ts:1:13 ...r.issues"]);
    expect(at("const m = Math.max(...xs);\nf(a, ...g(b));")).toEqual(["src/x.ts:1:20 ...xs", "src/x.ts:2:6 ...g(b)"]);
    expect(at("new Set(...lists);")).toEqual(["src/x.ts:1:9 ...lists"]);
    expect(at("f(...(xs as number[]));")).toEqual(["src/x.ts:1:3 ...(xs as number[])"]);
  });

  it("GEN-9: spreads into array and object literals, and of a literal array, are allowed", () => {
    expect(at("const a = [...xs, 1]; const o = { ...p }; new Set([...a]); f(...[1, 2]); const [h, ...t] = a; function g(...r: number[]) { return r; }")).toEqual([]);
  });
});
