// The fixture a command starts from: a file read within its bound and validated, every problem a
// line (`--fixture`), or the demonstration fixture, which `field-service-rules fixture` prints.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { validateFixture, type Fixture } from "../service/fixture.js";
import { demoFixture } from "../service/demo-fixture.js";
import { answerHelpOrUsage, MAX_FIXTURE_BYTES, type CliIo, type CliOptions } from "./command.js";
import { codeOf } from "./open-database.js";

/** The outcome of {@link loadFixtureFile}. */
export type FixtureFileResult = FixtureFileLoaded | FixtureFileRefused;

/** A fixture file that was read and passed validation. */
export interface FixtureFileLoaded {
  /** Discriminant. */
  readonly ok: true;
  /** The fixture, ready for `createFieldService`. */
  readonly fixture: Fixture;
}

/** A fixture file that cannot be served. */
export interface FixtureFileRefused {
  /** Discriminant. */
  readonly ok: false;
  /** What is wrong: the first line names the file, the next ones each problem with its JSON path. */
  readonly lines: readonly string[];
}

/** Bytes as people read them: `600 MiB`, `64 MiB`, `1.5 KiB`. */
function size(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: the bound keeps the unit defined from 1024 TiB on; no file here is that large (ext4 refuses a file above 16 TiB)
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // Bytes are whole: one decimal changes only the larger units.
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** Why a file cannot be opened or read, from Node's error code. */
function readFailure(path: string, error: unknown): FixtureFileRefused {
  return { ok: false, lines: [`--fixture ${path}: cannot read it (${codeOf(error)}); give the path of a JSON file`] };
}

/**
 * The file's bytes, at most `maxBytes` of them: a regular file larger than that is refused from
 * its size before a byte is read, and anything without a size (a pipe, a device) is read up to
 * the limit and refused beyond it, so time and memory stay bounded.
 */
function readBounded(path: string, maxBytes: number): Buffer | FixtureFileRefused {
  const tooLarge = (bytes: number | undefined): FixtureFileRefused => ({
    ok: false,
    lines: [`--fixture ${path}: ${bytes === undefined ? "it holds" : `${size(bytes)} is`} more than a fixture may hold (${size(maxBytes)}); give a smaller fixture`],
  });
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return readFailure(path, error);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { ok: false, lines: [`--fixture ${path}: is a directory; give the path of a JSON file`] };
    if (stat.isFile() && stat.size > maxBytes) return tooLarge(stat.size);
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(65_536);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      // No size to check first (a pipe, a device): stop reading at the limit.
      if (total > maxBytes) return tooLarge(undefined);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    return readFailure(path, error);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads and validates a fixture file: every problem is returned as one line naming its JSON
 * path, so the command can refuse it before serving. The file must be UTF-8 JSON (a leading
 * byte order mark is skipped, as JSON tools commonly do) of at most `maxBytes`; a larger one is
 * refused from its size, before it is read; a directory, a file that is not UTF-8 or not JSON
 * is refused in one line that says so.
 * @param path - the file to read
 * @param maxBytes - the largest file accepted; default {@link MAX_FIXTURE_BYTES} (64 MiB)
 * @returns the fixture, or the lines that say what is wrong
 * @example
 * loadFixtureFile("missing.json") //=> { ok: false, lines: ["--fixture missing.json: cannot read it (ENOENT); give the path of a JSON file"] }
 * loadFixtureFile(".") //=> { ok: false, lines: ["--fixture .: is a directory; give the path of a JSON file"] }
 */
export function loadFixtureFile(path: string, maxBytes: number = MAX_FIXTURE_BYTES): FixtureFileResult {
  const bytes = readBounded(path, maxBytes);
  if (!Buffer.isBuffer(bytes)) return bytes;
  let text: string;
  try {
    // TextDecoder skips a leading UTF-8 byte order mark (ignoreBOM is false), and `fatal`
    // refuses bytes that are not UTF-8 instead of turning them into U+FFFD.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // A byte past the end reads undefined, which is no byte order mark.
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    return { ok: false, lines: [`--fixture ${path}: not UTF-8 text${utf16 ? " (it looks like UTF-16)" : ""}; save it as UTF-8`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // V8 quotes a piece of the text, which may span lines: one line it stays.
    // JSON.parse throws a SyntaxError, whose message may quote the text around the fault.
    const why = (error as SyntaxError).message.replace(/[\r\n\t]+/g, " ");
    return { ok: false, lines: [`--fixture ${path}: not valid JSON (${why})`] };
  }
  const issues = validateFixture(json);
  if (issues.length > 0) {
    const lines = [`--fixture ${path}: ${issues.length} problem${issues.length === 1 ? "" : "s"}; fix them and start again:`];
    for (const i of issues) lines.push(`  ${i.path === "" ? "(root)" : i.path}: ${i.code}: ${i.message}`);
    return { ok: false, lines };
  }
  return { ok: true, fixture: json as Fixture };
}

/**
 * The fixture a command runs with: `--fixture`'s file, or the demonstration fixture. A file
 * that cannot be used is reported on `io.err`, a line per problem.
 * @param path - `--fixture`, or `undefined`
 * @param io - where to report
 * @param options - the largest fixture file
 * @returns the fixture, or exit code 1 after the report
 * @internal
 */
export function commandFixture(path: string | undefined, io: CliIo, options: CliOptions): Fixture | number {
  if (path === undefined) return demoFixture;
  const loaded = loadFixtureFile(path, options.maxFixtureBytes);
  if (loaded.ok) return loaded.fixture;
  for (const line of loaded.lines) io.err(`field-service-rules: ${line}`);
  return 1;
}

/**
 * `field-service-rules fixture`: writes the demonstration fixture as JSON (two-space indent) on
 * `io.out`, to copy, edit and serve with `--fixture` (or replay a journal against a changed
 * setting). `--help` prints the usage; anything else is a usage error.
 * @param argv - the arguments after `fixture`
 * @param io - where to write
 * @returns the exit code: 0 written, 2 a usage error
 * @example
 * const out = [];
 * runFixtureCommand([], { out: (l) => out.push(l), err: () => {} }) //=> 0
 * JSON.parse(out.join("\n")).companies.map((c) => c.tenantCode) //=> ["demo", "teplo"]
 * runFixtureCommand(["--pretty"], { out: () => {}, err: () => {} }) //=> 2
 */
export function runFixtureCommand(argv: readonly string[], io: CliIo): number {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) return answerHelpOrUsage({ kind: "help" }, io);
  // Stryker disable next-line StringLiteral: answerHelpOrUsage tells only "help" apart; any other kind is the usage error
  if (argv.length > 0) return answerHelpOrUsage({ kind: "usage", message: `fixture takes no argument, got ${JSON.stringify(argv[0])}; see --help` }, io);
  io.out(JSON.stringify(demoFixture, null, 2));
  return 0;
}
