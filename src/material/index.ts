export { materialUnits } from "./material.js";
export type { MaterialUnit, Material } from "./material.js";
export { parseMaterialReplace, materialReplaceSchema } from "./request.js";
export type { MaterialReplaceCommand } from "./request.js";
export { replaceMaterial } from "./replace.js";
export type { MaterialContext } from "./replace.js";
