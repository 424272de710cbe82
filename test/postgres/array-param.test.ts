// The array parameters the commit statement writes as literals itself (src/postgres/sql.ts
// `arrayParam`): plain elements in one join, anything else left to the driver's quoting. On
// PostgreSQL, every array reads back as the same array bound through the driver.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayParam } from "../../src/postgres/sql.js";
import { databaseUrl, describeClient } from "./support.js";

describe("arrayParam, without a database", () => {
  it("writes plain elements, numbers and nulls as one literal", () => {
    expect(arrayParam(["GEN-1", "STK-6"])).toBe("{GEN-1,STK-6}");
    expect(arrayParam(["id:d0000000-0000-4000-8000-000000000008", "key:auto-1", "key:a.b_c"])).toBe("{id:d0000000-0000-4000-8000-000000000008,key:auto-1,key:a.b_c}");
    expect(arrayParam([1, 0, -7, null])).toBe("{1,0,-7,NULL}");
    expect(arrayParam([])).toBe("{}");
    // Four letters that are not NULL, and texts that only start or end like it, need no quotes.
    expect(arrayParam(["abcd", "NUL", "NULLS", "xnull", "_"])).toBe("{abcd,NUL,NULLS,xnull,_}");
  });

  it("leaves to the driver any element a literal would have to quote, and the word NULL in any case", () => {
    for (const odd of ["", "a b", "a,b", "{a}", "a\"b", "a\\b", "NULL", "null", "Null", "é", " a"]) {
      const items = ["GEN-1", odd];
      expect(arrayParam(items)).toBe(items);
    }
    const fractions = [1, 1.5];
    expect(arrayParam(fractions)).toBe(fractions);
    const huge = [2 ** 60];
    expect(arrayParam(huge)).toBe(huge);
  });
});

describe.runIf(databaseUrl !== undefined)("arrayParam on PostgreSQL", () => {
  const client = describeClient();

  const readBack = async (value: unknown, type: string): Promise<unknown> => (await client().query(`SELECT $1::${type} AS v`, [value])).rows[0].v;

  it("any text array, GUID array or whole-number array reads back as the array bound through the driver", async () => {
    // Elements from the plain alphabet and beyond it (quotes, backslashes, commas, braces,
    // spaces, the word NULL, accented letters), so both branches run.
    const element = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_.:-]{1,12}$/),
      fc.constantFrom("NULL", "null", "", "a b", "a,b", "{x}", "\"", "\\", "é"),
      fc.string({ maxLength: 6 }).filter((t) => !t.includes("\u0000")),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(element, { nil: null }), { maxLength: 6 }), async (items) => {
        expect(await readBack(arrayParam(items), "text[]")).toEqual(await readBack(items, "text[]"));
        expect(await readBack(arrayParam(items), "text[]")).toEqual(items);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(fc.uuid(), { nil: null }), { maxLength: 5 }), fc.array(fc.maxSafeInteger(), { maxLength: 5 }), async (guids, numbers) => {
        expect(await readBack(arrayParam(guids), "uuid[]")).toEqual(guids);
        expect((await readBack(arrayParam(numbers), "bigint[]")) as string[]).toEqual(numbers.map(String));
      }),
      { numRuns: 100 },
    );
  });
});
