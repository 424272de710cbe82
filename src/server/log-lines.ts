// The command's log lines, written together (issue 33): one write a turn of the event loop
// instead of one a line.

/** Most lines kept before they are written without waiting for the turn to end. */
export const MOST_KEPT_LINES = 256;

/** A line writer that keeps lines until the event loop's turn ends ({@link batchedLines}). */
export interface BatchedLines {
  /** Keeps one line (without its newline) for the next write. */
  readonly line: (text: string) => void;
  /** Writes every line kept now, in the order given (at exit: nothing kept is lost). */
  readonly flush: () => void;
}

/**
 * Lines written together: each line is kept until the current turn of the event loop ends, then
 * every line kept is written in one call, in the order given, each ended by a newline. A write
 * to a pipe or a file is a system call, and `console.log` per access-log line was about a
 * quarter of the CPU of an in-memory order read over HTTP (docs/performance.md, run I). Past
 * {@link MOST_KEPT_LINES} lines in one turn they are written at once, so what is kept stays
 * bounded.
 * @param write - where the text goes (`process.stdout.write`)
 * @param later - runs a function once the current turn ends (default `setImmediate`)
 * @returns the writer; call its `flush` before the process exits
 * @example
 * const texts: string[] = [];
 * const out = batchedLines((t) => texts.push(t), () => {});
 * out.line("GET /order 200 0.3ms");
 * out.line("GET /store 200 0.5ms");
 * out.flush();
 * texts //=> ["GET /order 200 0.3ms\nGET /store 200 0.5ms\n"]
 */
export function batchedLines(write: (text: string) => void, later: (f: () => void) => void = setImmediate): BatchedLines {
  let kept: string[] = [];
  let scheduled = false;
  const flush = (): void => {
    if (kept.length === 0) return;
    const text = `${kept.join("\n")}\n`;
    kept = [];
    write(text);
  };
  return {
    line: (text) => {
      kept.push(text);
      if (kept.length >= MOST_KEPT_LINES) return flush();
      if (scheduled) return;
      scheduled = true;
      later(() => {
        scheduled = false;
        flush();
      });
    },
    flush,
  };
}
