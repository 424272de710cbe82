// Writing the files a generator derives, or with `--check` saying which are stale: the one loop
// the generators of types share (body-types, operations).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./root.js";

/**
 * Writes each file whose text differs from what is on disk, or with `check` writes nothing and
 * names the stale ones on stderr.
 * @param files - each file's path from the repository's root and its text
 * @param check - only check
 * @param what - what the files hold, for the message (`generated body types`)
 * @returns the exit code: 1 when `check` finds a stale file
 */
export function writeGenerated(files: Iterable<readonly [string, string]>, check: boolean, what: string): number {
  const stale: string[] = [];
  for (const [out, text] of files) {
    const file = join(root, out);
    const current = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (current === text) continue;
    if (check) stale.push(out);
    else writeFileSync(file, text);
  }
  if (stale.length === 0) return 0;
  console.error(`Stale ${what} (run npm run docs): ${stale.join(", ")}`);
  return 1;
}
