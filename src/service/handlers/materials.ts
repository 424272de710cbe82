import { replaceMaterial } from "../../material/replace.js";
import { parseMaterialReplace, type MaterialReplaceCommand } from "../../material/request.js";
import { defineOperation, refused, type Operation, type Handlers } from "../context.js";
import { NOTHING } from "../loads.js";

/**
 * `PUT /material/{id}` and its twin: replaces the whole definition, keeping the GUID and
 * external ID; 204. `commit` rebuilds the listing of every store stocking the material
 * when a listed field changed (STO-4, STO-5). Applies MAT-1 to MAT-3 through
 * {@link parseMaterialReplace} and {@link replaceMaterial}.
 * @param ctx - the context; the material is found by the path (GEN-2)
 * @returns 204, or 400 with every issue
 */
export const handleReplaceMaterial: Operation<"material"> = defineOperation<"material", MaterialReplaceCommand>({
  parse: ({ body }) => parseMaterialReplace(body),
  loads: () => NOTHING,
  decide: (ctx, command) => {
    const { catalogs } = ctx.company;
    const material = replaceMaterial(ctx.records.material, command, { categories: catalogs.materialCategories, suppliers: catalogs.materialSuppliers });
    if (!material.ok) return refused(material.issues);
    return { status: 204, changes: { materials: [material.value] } };
  },
});

/** The material writes, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const materialHandlers: Handlers<"replaceMaterial"> = {
  replaceMaterial: handleReplaceMaterial,
};
