// src/server/fixture-file.ts: the fixture file a command reads (`--fixture`: bounded, UTF-8,
// validated, every problem a line), and `field-service-rules fixture > demo.json` (issue 34 item
// 3): the demonstration fixture as JSON, to copy and edit, loadable back with --fixture. Round
// trip in process; as a process whose standard output a shell redirects to a file, as the README
// says, in process.test.ts (which bundles the command once for all its process tests).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, startCli } from "../../src/server/cli.js";
import { CLI_USAGE, MAX_FIXTURE_BYTES } from "../../src/server/command.js";
import { loadFixtureFile, runFixtureCommand } from "../../src/server/fixture-file.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { demoFixture as fromServiceEntry } from "../../src/service/index.js";

const dir = mkdtempSync(join(tmpdir(), "fsr-fixture-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

describe("field-service-rules fixture", () => {
  it("writes the demonstration fixture as JSON, which --fixture loads back unchanged and serves", async () => {
    const c = captured();
    expect(await runCli(["fixture"], {}, c.io, "0")).toBe(0);
    expect(c.err).toEqual([]);
    const file = join(dir, "demo.json");
    writeFileSync(file, `${c.out.join("\n")}\n`);
    const loaded = loadFixtureFile(file);
    expect(loaded).toEqual({ ok: true, fixture: JSON.parse(JSON.stringify(demoFixture)) });

    // Edit a copy, as a user would, and serve it: the edited secret logs in, the old one does not.
    const edited = JSON.parse(readFileSync(file, "utf8")) as typeof demoFixture;
    (edited.companies[0]!.clients[0] as { secret: string }).secret = "edited-secret";
    writeFileSync(file, JSON.stringify(edited));
    const run = await startCli(["--port", "0", "--fixture", file], {}, captured().io, "0");
    if (typeof run === "number") throw new Error(`did not start: ${run}`);
    try {
      const login = (secret: string): Promise<number> =>
        fetch(`${run.baseUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret }) }).then((r) => r.status);
      expect([await login("edited-secret"), await login("demo-secret")]).toEqual([200, 403]);
    } finally {
      await run.stop();
    }
  });

  it("--help prints the usage, which names the command; the fixture is also exported by the service entry, which needs no test library", () => {
    const c = captured();
    expect(runFixtureCommand(["--help"], c.io)).toBe(0);
    expect(c.out).toEqual([CLI_USAGE]);
    expect(CLI_USAGE).toContain("field-service-rules fixture > demo.json");
    expect(fromServiceEntry).toBe(demoFixture);
  });
});

describe("the fixture file", () => {
  const dir = mkdtempSync(join(tmpdir(), "fsr-cli-"));
  it("an unreadable file is one line naming --fixture and what to do", () => {
    const r = loadFixtureFile(join(dir, "missing.json"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.lines).toEqual([`--fixture ${join(dir, "missing.json")}: cannot read it (ENOENT); give the path of a JSON file`]);
  });
  it("a fixture with problems is refused with every issue and its JSON path", () => {
    const bad = structuredClone(demoFixture) as unknown as { companies: Array<{ users: unknown[]; stores: Array<{ stock?: Array<{ materialId: string }> }> }> };
    bad.companies[0]!.users = [];
    bad.companies[0]!.stores[0]!.stock![0]!.materialId = "no-such-material";
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify(bad));
    const r = loadFixtureFile(file);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.lines[0]).toMatch(/^--fixture .*bad\.json: \d+ problems?; fix them and start again:$/);
      expect(r.lines.some((l) => l.includes("companies[0].stores[0].stock[0].materialId"))).toBe(true);
      expect(r.lines.length).toBeGreaterThanOrEqual(3);
    }
  });
  it("a valid file is served", () => {
    const file = join(dir, "good.json");
    writeFileSync(file, JSON.stringify(demoFixture));
    expect(loadFixtureFile(file).ok).toBe(true);
  });
  it("a UTF-8 byte order mark is skipped, as JSON tools commonly do", () => {
    const file = join(dir, "bom.json");
    writeFileSync(file, `\uFEFF${JSON.stringify(demoFixture)}`);
    const r = loadFixtureFile(file);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.fixture).toEqual(demoFixture);
  });
  it("a directory is one line that says so", () => {
    const sub = join(dir, "a-directory");
    mkdirSync(sub, { recursive: true });
    expect(loadFixtureFile(sub)).toEqual({ ok: false, lines: [`--fixture ${sub}: is a directory; give the path of a JSON file`] });
  });
  it("a file larger than the limit (64 MiB) is refused from its size, before it is read: a 600 MB sparse file", () => {
    const file = join(dir, "huge.json");
    writeFileSync(file, "");
    truncateSync(file, 600 * 1024 * 1024);
    expect(MAX_FIXTURE_BYTES).toBe(64 * 1024 * 1024);
    expect(loadFixtureFile(file)).toEqual({ ok: false, lines: [`--fixture ${file}: 600 MiB is more than a fixture may hold (64 MiB); give a smaller fixture`] });
  });
  it("the limit is a parameter, and a file just at it is read", () => {
    const file = join(dir, "limit.json");
    const text = JSON.stringify(demoFixture);
    writeFileSync(file, text);
    const bytes = Buffer.byteLength(text);
    expect(loadFixtureFile(file, bytes).ok).toBe(true);
    expect(loadFixtureFile(file, bytes - 1)).toMatchObject({ ok: false, lines: [expect.stringMatching(/is more than a fixture may hold/)] });
  });
  it.runIf(existsSync("/dev/zero"))("a source without a size (a device, a pipe) is read only up to the limit: /dev/zero is refused, not read forever", () => {
    expect(loadFixtureFile("/dev/zero", 1024 * 1024)).toEqual({ ok: false, lines: ["--fixture /dev/zero: it holds more than a fixture may hold (1 MiB); give a smaller fixture"] });
  });
  it("bytes that are not UTF-8 are refused as such (UTF-16 named), not turned into U+FFFD", () => {
    const latin1 = join(dir, "latin1.json");
    writeFileSync(latin1, Buffer.from('{"companies":[{"name":"\xe9"}]}', "latin1"));
    expect(loadFixtureFile(latin1)).toEqual({ ok: false, lines: [`--fixture ${latin1}: not UTF-8 text; save it as UTF-8`] });
    const utf16 = join(dir, "utf16.json");
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(demoFixture), "utf16le")]));
    expect(loadFixtureFile(utf16)).toEqual({ ok: false, lines: [`--fixture ${utf16}: not UTF-8 text (it looks like UTF-16); save it as UTF-8`] });
  });
  it("malformed JSON is one line, even when the parser quotes text that spans lines", () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, '{\n  "companies":\n}');
    const r = loadFixtureFile(file);
    expect(r).toMatchObject({ ok: false, lines: [expect.stringMatching(/^--fixture .*broken\.json: not valid JSON \(/)] });
    if (!r.ok) expect(r.lines[0]).not.toMatch(/\n/);
  });
});

describe("the fixture file's limits and messages, at their edges", () => {
  const dir = mkdtempSync(join(tmpdir(), "fsr-fixture-edges-"));
  it("sizes are said in bytes, KiB, MiB, GiB or TiB, to one decimal", () => {
    const file = join(dir, "sized.json");
    writeFileSync(file, "x".repeat(2048));
    expect(loadFixtureFile(file, 1536)).toEqual({ ok: false, lines: [`--fixture ${file}: 2 KiB is more than a fixture may hold (1.5 KiB); give a smaller fixture`] });
    expect(loadFixtureFile(file, 1023)).toEqual({ ok: false, lines: [`--fixture ${file}: 2 KiB is more than a fixture may hold (1023 bytes); give a smaller fixture`] });
    expect(loadFixtureFile(file, 1024)).toEqual({ ok: false, lines: [`--fixture ${file}: 2 KiB is more than a fixture may hold (1 KiB); give a smaller fixture`] });
    expect(loadFixtureFile(file, 1100)).toEqual({ ok: false, lines: [`--fixture ${file}: 2 KiB is more than a fixture may hold (1.1 KiB); give a smaller fixture`] });
    const big = join(dir, "sparse.json");
    writeFileSync(big, "");
    truncateSync(big, 1.5 * 1024 ** 4);
    try {
      expect(loadFixtureFile(big, 3 * 1024 ** 3)).toEqual({ ok: false, lines: [`--fixture ${big}: 1.5 TiB is more than a fixture may hold (3 GiB); give a smaller fixture`] });
    } finally {
      rmSync(big);
    }
  });
  it("a file larger than one read (64 KiB) is read whole", () => {
    const file = join(dir, "large.json");
    const text = `${JSON.stringify(demoFixture)}${" ".repeat(100_000)}${"\n".repeat(100_000)}`;
    writeFileSync(file, text);
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * 65_536);
    expect(loadFixtureFile(file)).toEqual({ ok: true, fixture: JSON.parse(JSON.stringify(demoFixture)) });
  });
  it("problems are counted in words", () => {
    const file = join(dir, "two.json");
    writeFileSync(file, JSON.stringify({ companies: [{}, {}] }));
    const r = loadFixtureFile(file);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.lines[0]).toBe(`--fixture ${file}: ${r.lines.length - 1} problems; fix them and start again:`);
  });
  it("the parser's reason is one line: tabs and line breaks it quotes become one space each run", () => {
    const file = join(dir, "tabs.json");
    writeFileSync(file, '{"a":\t\tx}');
    expect(loadFixtureFile(file)).toEqual({ ok: false, lines: [`--fixture ${file}: not valid JSON (Unexpected token 'x', "{"a": x}" is not valid JSON)`] });
  });
  it.runIf(existsSync("/proc/self/mem"))("a file that cannot be read past its opening is one line with the system's code", () => {
    expect(loadFixtureFile("/proc/self/mem")).toEqual({ ok: false, lines: ["--fixture /proc/self/mem: cannot read it (EIO); give the path of a JSON file"] });
  });
  it.runIf(existsSync("/proc/self/fd"))("the file is closed whatever it held: a fixture, too much, a directory, bytes that are not JSON", () => {
    const sub = join(dir, "closing");
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, "good.json"), JSON.stringify(demoFixture));
    writeFileSync(join(sub, "bad.json"), "{");
    loadFixtureFile(join(sub, "good.json"));
    loadFixtureFile(join(sub, "good.json"), 10);
    loadFixtureFile(join(sub, "bad.json"));
    loadFixtureFile(sub);
    const holding = readdirSync("/proc/self/fd").filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(sub);
      } catch {
        return false;
      }
    });
    expect(holding).toEqual([]);
  });
  it("one problem is counted in the singular; a problem of the whole document is at (root)", () => {
    const file = join(dir, "array.json");
    writeFileSync(file, "[]");
    expect(loadFixtureFile(file)).toMatchObject({ ok: false, lines: [`--fixture ${file}: 1 problem; fix them and start again:`, expect.stringMatching(/^ {2}\(root\): \w+: ./)] });
  });
  it("UTF-16 is recognised by either byte order mark, even in a two-byte file; one byte that is not UTF-8 is not called UTF-16", () => {
    const cases: [number[], string][] = [[[0xfe, 0xff, 0, 0x7b], " (it looks like UTF-16)"], [[0xff, 0xfe], " (it looks like UTF-16)"], [[0xff], ""], [[0xfe, 0xfe, 0x7b], ""], [[0xff, 0xff], ""]];
    for (const [bytes, hint] of cases) {
      const file = join(dir, "encoded.json");
      writeFileSync(file, Buffer.from(bytes));
      expect(loadFixtureFile(file), JSON.stringify(bytes)).toEqual({ ok: false, lines: [`--fixture ${file}: not UTF-8 text${hint}; save it as UTF-8`] });
    }
  });
  it("the command: a fixture file that cannot be used is a line per problem on stderr, exit 1; fixture with an argument is a usage error naming it, -h is --help", async () => {
    const file = join(dir, "two-problems.json");
    const bad = structuredClone(demoFixture) as unknown as { companies: { tenantCode: string }[] };
    bad.companies[1]!.tenantCode = bad.companies[0]!.tenantCode;
    writeFileSync(file, JSON.stringify({ ...bad, extra: true }));
    const refused = loadFixtureFile(file);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.lines.length).toBeGreaterThan(1);
    const started = captured();
    expect(await startCli(["--port", "0", "--fixture", file], {}, started.io, "0")).toBe(1);
    expect(started.err).toEqual(refused.lines.map((l) => `field-service-rules: ${l}`));
    expect(started.out).toEqual([]);
    const c = captured();
    expect(runFixtureCommand(["--help", "x"], c.io)).toBe(2);
    expect(runFixtureCommand(["-h"], c.io)).toBe(0);
    expect(runFixtureCommand(["x"], captured().io)).toBe(2);
    expect(c.err).toEqual(['field-service-rules: fixture takes no argument, got "--help"; see --help']);
    expect(c.out).toEqual([CLI_USAGE]);
  });
});
