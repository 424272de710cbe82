// Regenerates docs/state-machines.md from the state-machine tables (run after the build).
import { writeFileSync } from "node:fs";
import { stateMachineDiagrams } from "../dist/order/diagram.js";

writeFileSync(new URL("../docs/state-machines.md", import.meta.url), stateMachineDiagrams());
console.log("docs/state-machines.md written");
