import type { CatalogValue } from "../shared/catalog.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import { resolveReference, type RefIndex } from "../shared/reference.js";
import type { Material } from "./material.js";
import type { MaterialReplaceCommand } from "./request.js";

/** The catalogs a material replace resolves against. */
export interface MaterialContext {
  /** The MaterialCategory catalog. */
  readonly categories: RefIndex<CatalogValue>;
  /** The MaterialSupplier catalog. */
  readonly suppliers: RefIndex<CatalogValue>;
}

/**
 * Decides `PUT /material/{id}`: the whole definition is replaced by the body, the GUID and
 * the external ID stay (MAT-1). Materials are only ever replaced, never created here
 * (MAT-4). Pure; every issue reported (GEN-9), a refusal changes nothing (GEN-8).
 * Applies MAT-1 to MAT-4 and GEN-3.
 * @param material - the material found by the path (GEN-2)
 * @param command - the parsed body (`parseMaterialReplace`)
 * @param ctx - the material catalogs
 * @returns the replaced material, or every issue
 * @rule MAT-1
 * @rule MAT-4
 * @example
 * const command = parseMaterialReplace({ name: "Kabel CYKY 3×2,5", categoryId: "cables", supplierId: "ferona" }).value;
 * const replaced = replaceMaterial(cable, command, materialContext).value;
 * [replaced.externalId, replaced.unit, replaced.description, replaced.price.toNumber()] //=> ["CABLE-3x1.5", "Amounts", null, 0]
 */
export function replaceMaterial(material: Material, command: MaterialReplaceCommand, ctx: MaterialContext): Result<Material> {
  const issues: Issue[] = [];
  const category = resolveReference(command.categoryId, ctx.categories, "categoryId", "MaterialCategory");
  if (!category.ok) for (const i of category.issues) issues.push(i);
  const supplier = resolveReference(command.supplierId, ctx.suppliers, "supplierId", "MaterialSupplier");
  if (!supplier.ok) for (const i of supplier.issues) issues.push(i);
  return collect(issues, () => ({
    id: material.id,
    externalId: material.externalId,
    name: command.name,
    categoryId: (category.ok ? category.value : (undefined as never)).id,
    supplierId: (supplier.ok ? supplier.value : (undefined as never)).id,
    identificationNumber: command.identificationNumber,
    description: command.description,
    supplierCode: command.supplierCode,
    unit: command.unit,
    price: command.price,
    costPrice: command.costPrice,
  }));
}
