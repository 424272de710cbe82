// The repository's root folder, which every tool reads from and writes to. tools/run.mjs gives a
// bundled tool its source's `import.meta.url`, so this holds under the launcher and under a test.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder (tools/ is directly below it). */
export const root: string = join(fileURLToPath(import.meta.url), "..", "..");
