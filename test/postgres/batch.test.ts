// Statements inlined into one message (src/postgres/batch.ts): a literal must mean to the server
// exactly what the bound value meant, for any text; the Transaction must send what it was given,
// in order, in the messages its documentation names.
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineValues, PreparedStatements, preparedName, sqlLiteral, Transaction, type Statement } from "../../src/postgres/batch.js";
import { isStorableText } from "../../src/shared/text.js";
import { databaseUrl } from "./support.js";

describe("sqlLiteral and inlineValues", () => {
  it("quotes strings, doubles quotes, and writes E'' strings only for backslashes", () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral("a\\b'")).toBe("E'a\\\\b'''");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral([])).toBe("'{}'");
    expect(sqlLiteral(["x", null])).toBe(`'{"x",NULL}'`);
    expect(sqlLiteral(['a"b\\c', "O'B"])).toBe(`E'{"a\\\\"b\\\\\\\\c","O''B"}'`);
    expect(sqlLiteral(-5)).toBe("(-5)");
    expect(sqlLiteral(12n)).toBe("12");
    expect(sqlLiteral(true)).toBe("TRUE");
  });

  it("refuses what PostgreSQL text cannot hold and values it cannot write", () => {
    expect(() => sqlLiteral("a\u0000b")).toThrow(TypeError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral({})).toThrow(TypeError);
    expect(() => inlineValues({ text: "SELECT $2", values: [1] })).toThrow(RangeError);
  });

  it("replaces $10 as one placeholder, not $1 followed by 0", () => {
    const values = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineValues({ text: "SELECT $10, $1", values })).toBe("SELECT 10, 1");
  });
});

describe("PreparedStatements", () => {
  const view: Statement = { text: "SELECT $1::text[] AS list", values: [["a"]] };
  it("prepares a statement with values just before its first use, then executes it by name", () => {
    const prepared = new PreparedStatements();
    const name = preparedName(view.text);
    const first = prepared.script([{ text: "BEGIN" }, view]);
    expect(first).toEqual({ text: `BEGIN;\nPREPARE ${name} AS ${view.text};\nEXECUTE ${name}('{"a"}')`, preparing: [name], count: 3 });
    prepared.settle(first.preparing, true);
    expect(prepared.script([view, { text: "COMMIT" }]).text).toBe(`EXECUTE ${name}('{"a"}');\nCOMMIT`);
  });

  it("after a failed script it is uncertain until told what the server holds", () => {
    const prepared = new PreparedStatements();
    const first = prepared.script([view]);
    prepared.settle(first.preparing, false);
    expect(prepared.uncertain).toBe(true);
    expect(prepared.script([view]).preparing).toEqual([preparedName(view.text)]);
    prepared.resync([preparedName(view.text), "pfsr_driver_statement"]);
    expect(prepared.uncertain).toBe(false);
    expect(prepared.script([view]).preparing).toEqual([]);
  });

  it("names a text the same each time and two texts apart", () => {
    expect(preparedName("SELECT 1")).toBe(preparedName("SELECT 1"));
    expect(preparedName("SELECT 1")).not.toBe(preparedName("SELECT 2"));
  });
});

describe("Transaction", () => {
  it("sends the opening with the first query, and the later statements with the closing ones", async () => {
    const messages: (readonly Statement[])[] = [];
    const t = new Transaction(async (list) => {
      messages.push(list);
      return { rows: [{ n: messages.length }] };
    }, [{ text: "BEGIN" }]);
    expect((await t.query("SELECT $1", [1])).rows).toEqual([{ n: 1 }]);
    expect((await t.later.query("INSERT $1", [2])).rows).toEqual([]);
    await t.end([{ text: "COMMIT" }]);
    expect(messages).toEqual([
      [{ text: "BEGIN" }, { text: "SELECT $1", values: [1] }],
      [{ text: "INSERT $1", values: [2] }, { text: "COMMIT" }],
    ]);
  });

  it("sends the opening with the closing statements when no query was sent", async () => {
    const messages: (readonly Statement[])[] = [];
    const t = new Transaction(async (list) => {
      messages.push(list);
      return { rows: [] };
    }, [{ text: "BEGIN" }]);
    await t.later.query("INSERT 1");
    await t.end([{ text: "ROLLBACK" }]);
    expect(messages).toEqual([[{ text: "BEGIN" }, { text: "INSERT 1", values: undefined }, { text: "ROLLBACK" }]]);
  });
});

describe.runIf(databaseUrl !== undefined)("inlined literals on PostgreSQL", () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  it("a text inlined reads back as the same text as when bound, whatever its characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: "binary" }).filter(isStorableText), { maxLength: 4 }), fc.string({ unit: "binary" }).filter(isStorableText), async (list, one) => {
        const text = "SELECT $1::text AS one, $2::text[] AS list, $3::json AS doc";
        const values = [one, list, JSON.stringify({ one, list })];
        const bound = (await client.query(text, values)).rows[0];
        const inlined = (await client.query(inlineValues({ text, values }))).rows[0];
        expect(inlined).toEqual(bound);
        expect(inlined.one).toBe(one);
      }),
      { numRuns: 200 },
    );
  });

  it("arrays of texts and of GUIDs reach a prepared statement as they were bound", async () => {
    const prepared = new PreparedStatements();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: "binary" }).filter(isStorableText), { maxLength: 4 }), fc.array(fc.uuid(), { maxLength: 3 }), async (texts, ids) => {
        const statement: Statement = { text: "SELECT $1::text[] AS texts, $2::uuid[] AS ids", values: [texts, ids] };
        const script = prepared.script([{ text: "SELECT 1" }, statement]);
        const results = (await client.query(script.text)) as unknown as { rows: { texts: string[]; ids: string[] }[] }[];
        prepared.settle(script.preparing, true);
        const row = results.at(-1)!.rows[0]!;
        expect(row.texts).toEqual(texts);
        expect(row.ids).toEqual(ids.map((id) => id.toLowerCase()));
      }),
      { numRuns: 100 },
    );
  });

  it("reads the same under either setting of standard_conforming_strings", async () => {
    const text = inlineValues({ text: "SELECT $1::text AS t", values: ["a\\b'c"] });
    try {
      await client.query("SET standard_conforming_strings = off");
      expect((await client.query(text)).rows[0].t).toBe("a\\b'c");
    } finally {
      await client.query("SET standard_conforming_strings = on");
    }
    expect((await client.query(text)).rows[0].t).toBe("a\\b'c");
  });
});
