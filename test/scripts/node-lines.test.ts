// Issue 34 item 2: the Node lines CI runs agree with `engines`, and every package of the
// lockfile admits them, so a fresh clone's `npm ci` prints no EBADENGINE warning on either line.
// (`npm ci --dry-run` on Node 22.23.3 and 26.10.0 printed none; on Node 20 it printed 125 lines.)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// npm's own range semantics (semver ships in the dev tree, under several tools).
const semver = createRequire(import.meta.url)("semver") as { satisfies: (version: string, range: string) => boolean; minVersion: (range: string) => { version: string } | null };

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
const ci = readFileSync(".ci/run", "utf8");

describe("the Node lines", () => {
  it("CI installs the oldest maintained line (the engines floor's major) and the active LTS, and runs npm test on both", () => {
    const lines = [...ci.matchAll(/node_line (\d+)\)/g)].map((m) => Number(m[1]));
    expect(lines).toEqual([22, 26]);
    expect(semver.minVersion(pkg.engines.node)?.version.split(".")[0]).toBe("22");
    expect(ci).toMatch(/for bin in "\$OLDEST" "\$LTS"; do[\s\S]*npm test/);
  });

  it("every package of the lockfile admits the floor, the newest 22 and the active LTS", () => {
    const floor = semver.minVersion(pkg.engines.node)?.version as string;
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range === undefined) continue;
      for (const version of [floor, "22.23.3", "26.10.0"]) if (!semver.satisfies(version, range)) refused.push(`${path}@${entry.version ?? ""} (node ${range}) refuses ${version}`);
    }
    expect(refused).toEqual([]);
  });
});
