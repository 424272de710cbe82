import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { interventionMachine } from "../../src/intervention/machine.js";
import { stateMachineDiagrams } from "../../src/order/diagram.js";

describe("docs/state-machines.md", () => {
  it("equals the diagrams generated from the tables (regenerate with npm run docs)", () => {
    expect(readFileSync(new URL("../../docs/state-machines.md", import.meta.url), "utf8")).toBe(stateMachineDiagrams());
  });

  it("INT-7: every transition of the table is drawn", () => {
    const text = stateMachineDiagrams();
    for (const [from, row] of Object.entries(interventionMachine)) {
      for (const [action, to] of Object.entries(row)) {
        if (to !== null) expect(text).toMatch(new RegExp(`${from} --> ${to} : [^\\n]*\\b${action}\\b`));
      }
    }
  });
});
