import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchedLines, MOST_KEPT_LINES } from "../../src/server/log-lines.js";

/** A writer over a hand-run event loop: `turn()` runs what was scheduled for the end of the turn. */
function harness() {
  const texts: string[] = [];
  const pending: (() => void)[] = [];
  const out = batchedLines((t) => texts.push(t), (f) => pending.push(f));
  const turn = (): void => {
    for (const f of pending.splice(0)) f();
  };
  return { texts, pending, out, turn };
}

describe("batchedLines", () => {
  it("the lines of one turn are written in one call, in order, each ended by a newline; nothing before the turn ends", () => {
    const h = harness();
    h.out.line("a");
    h.out.line("b");
    expect(h.texts).toEqual([]);
    expect(h.pending).toHaveLength(1);
    h.turn();
    expect(h.texts).toEqual(["a\nb\n"]);
    h.out.line("c");
    h.turn();
    expect(h.texts).toEqual(["a\nb\n", "c\n"]);
  });

  it("a turn with no lines writes nothing; flush writes what is kept at once and the turn's end then writes nothing more", () => {
    const h = harness();
    h.turn();
    h.out.flush();
    expect(h.texts).toEqual([]);
    h.out.line("x");
    h.out.flush();
    expect(h.texts).toEqual(["x\n"]);
    h.turn();
    expect(h.texts).toEqual(["x\n"]);
    h.out.line("y");
    expect(h.pending).toHaveLength(1);
    h.turn();
    expect(h.texts).toEqual(["x\n", "y\n"]);
  });

  it(`past ${MOST_KEPT_LINES} lines in one turn they are written without waiting`, () => {
    const h = harness();
    for (let i = 0; i < MOST_KEPT_LINES - 1; i++) h.out.line(String(i));
    expect(h.texts).toEqual([]);
    h.out.line("last");
    expect(h.texts).toHaveLength(1);
    expect(h.texts[0]!.split("\n")).toHaveLength(MOST_KEPT_LINES + 1);
    h.out.line("next");
    h.turn();
    expect(h.texts[1]).toBe("next\n");
  });

  it("whatever the lines and turns, the text written is every line in order, each with its newline", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 20 }).map((s) => ({ line: s.replace(/\n/g, " ") })), fc.constant({ turn: true }), fc.constant({ flush: true })), { maxLength: 600 }), (steps) => {
        const h = harness();
        const lines: string[] = [];
        for (const step of steps) {
          if ("line" in step) {
            h.out.line(step.line);
            lines.push(step.line);
          } else if ("turn" in step) h.turn();
          else h.out.flush();
        }
        h.turn();
        expect(h.texts.join("")).toBe(lines.map((l) => `${l}\n`).join(""));
        expect(h.texts.every((t) => t.length > 0)).toBe(true);
      }),
    );
  });

  it("by default the lines are written once the event loop's turn ends (setImmediate)", async () => {
    const texts: string[] = [];
    const out = batchedLines((t) => texts.push(t));
    out.line("a");
    await Promise.resolve();
    expect(texts).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(texts).toEqual(["a\n"]);
  });
});
