// The command's log lines, written together (issue 33): one write every few milliseconds
// instead of one a line.

/** How long a line may wait before the lines kept are written (ms). */
export const FLUSH_AFTER_MS = 10;

/** Most lines kept before they are written without waiting. */
export const MOST_KEPT_LINES = 256;

/** A line writer that keeps lines for at most {@link FLUSH_AFTER_MS} ({@link batchedLines}). */
export interface BatchedLines {
  /** Keeps one line (without its newline) for the next write. */
  readonly line: (text: string) => void;
  /** Writes every line kept now, in the order given (at exit: nothing kept is lost). */
  readonly flush: () => void;
}

/** Runs `f` after {@link FLUSH_AFTER_MS}, on a timer that does not keep the process alive. */
function afterWait(f: () => void): void {
  setTimeout(f, FLUSH_AFTER_MS).unref();
}

/**
 * Lines written together: each line is kept until {@link FLUSH_AFTER_MS} after the first line
 * kept, then every line kept is written in one call, in the order given, each ended by a newline.
 * A write to a pipe or a file is a system call that also wakes its reader: `console.log` per
 * access-log line was about a quarter of the CPU of an in-memory order read over HTTP
 * (docs/performance.md, run I), and one write a turn of the event loop still about a sixth of a
 * PostgreSQL one (docs/decisions.md, "The command's log lines"). Past {@link MOST_KEPT_LINES}
 * lines they are written at once, so what is kept stays bounded. The wait does not keep the
 * process alive: call `flush` at exit.
 * @param write - where the text goes (`process.stdout.write`)
 * @param later - runs a function after the wait (default: an unreferenced timer of {@link FLUSH_AFTER_MS})
 * @returns the writer; call its `flush` before the process exits
 * @example
 * const texts: string[] = [];
 * const out = batchedLines((t) => texts.push(t), () => {});
 * out.line("GET /order 200 0.3ms");
 * out.line("GET /store 200 0.5ms");
 * out.flush();
 * texts //=> ["GET /order 200 0.3ms\nGET /store 200 0.5ms\n"]
 */
export function batchedLines(write: (text: string) => void, later: (f: () => void) => void = afterWait): BatchedLines {
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
