// The storage's answers leave the driver's rows array (src/postgres/sql.ts `detachRows`): the rows
// move to a new array, in order, and the driver's array is left empty, so that a driver array V8
// allocated old no longer holds young rows (docs/performance.md, "Rows kept alive by the driver's
// old arrays").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detachRows } from "../../src/postgres/sql.js";

describe("detachRows", () => {
  it("moves the rows to a new array and empties the driver's", () => {
    const rows = [{ view: [1, 2] }, { view: null }];
    const answer = { rows, rowCount: 2, command: "SELECT" };
    const same = detachRows(answer);
    expect(same).toBe(answer);
    expect(answer.rows).toEqual([{ view: [1, 2] }, { view: null }]);
    expect(answer.rows).not.toBe(rows);
    expect(rows).toEqual([]);
    // The other members of the answer are left as they were.
    expect(answer.rowCount).toBe(2);
    expect(answer.command).toBe("SELECT");
  });

  it("answers no rows for an answer without rows", () => {
    const rows: unknown[] = [];
    const answer = detachRows({ rows });
    expect(answer.rows).toEqual([]);
    expect(rows).toEqual([]);
  });

  it("keeps every row, the same objects in the same order, and leaves nothing in the driver's array", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (values) => {
        const rows = values.map((value) => ({ value }));
        const before = [...rows];
        const answer = detachRows({ rows });
        expect(answer.rows).toHaveLength(before.length);
        answer.rows.forEach((row, i) => expect(row).toBe(before[i]));
        expect(rows).toHaveLength(0);
      }),
    );
  });
});
