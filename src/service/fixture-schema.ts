import type { JsonSchema } from "../shared/json-schema.js";

export type { JsonSchema };

const guid: JsonSchema = { type: "string", pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$" };
const nonBlank: JsonSchema = { type: "string", pattern: "\\S" };
const externalId: JsonSchema = { type: "string", pattern: "\\S", not: { enum: [".", ".."] } };
const optional = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
const scryptForm = "^scrypt\\$[1-9][0-9]{0,7}\\$[1-9][0-9]{0,2}\\$[1-9][0-9]{0,2}\\$[A-Za-z0-9_-]{16,88}\\$[A-Za-z0-9_-]{22,88}$";
const decimal: JsonSchema = { type: "number", minimum: 0 };
const object = (required: readonly string[], properties: Record<string, JsonSchema>): JsonSchema => ({ type: "object", required, properties });
const list = (items: JsonSchema): JsonSchema => ({ type: "array", items });
const catalogValue = object(["id", "slug", "name"], { id: guid, slug: nonBlank, name: nonBlank });
const catalog = list(catalogValue);
const templateField = object(["key", "type"], {
  key: nonBlank,
  type: { enum: ["string", "number", "boolean", "date"] },
  required: optional({ type: "boolean" }),
});

/**
 * The JSON Schema of a company fixture (the `Fixture` type; docs/service.md "Fixture"), for
 * editors and tools that check an integrator's fixture file before `--fixture` loads it. It
 * describes the shape: types, required fields, GUIDs, enumerations, non-negative numbers. The
 * rules that need the whole fixture (unique IDs, references that resolve, a known time zone, an
 * Administrator per company) are checked by `validateFixture`, which also checks the shape; a
 * test keeps the two in agreement on shape faults.
 * @example
 * fixtureJsonSchema.required //=> ["companies"]
 */
export const fixtureJsonSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://github.com/field-service-rules/field-service-rules/blob/main/docs/fixture.schema.json",
  title: "field-service-rules company fixture",
  description: "What the API cannot create: companies with clients, settings, users, catalogs, materials and stores (docs/service.md, Fixture). null on an optional field counts as left out.",
  type: "object",
  required: ["companies"],
  properties: {
    companies: list(
      object(["id", "tenantCode", "name", "clients", "users", "catalogs", "materials", "stores"], {
        id: guid,
        tenantCode: nonBlank,
        name: nonBlank,
        clients: list({
          ...object(["clientId"], {
            clientId: nonBlank,
            secret: { type: "string", pattern: "\\S", description: "the plain secret, hashed when seeded; or give secretHash" },
            secretHash: { type: "string", pattern: scryptForm, description: "the secret already hashed: scrypt$N$r$p$salt$hash, salt and key base64url (CRD-1)" },
          }),
          // One of the two (CRD-1); each branch names its property, as strict validators ask.
          oneOf: [
            { required: ["secret"], properties: { secret: { type: "string" } } },
            { required: ["secretHash"], properties: { secretHash: { type: "string" } } },
          ],
        }),
        settings: optional(
          object([], {
            disableCollisions: optional({ type: "boolean" }),
            timeZone: optional({ type: "string", description: "IANA time zone, default Europe/Prague" }),
            locale: optional({ type: "string", description: "collation locale, default cs" }),
            notifications: optional(object([], { email: optional({ type: "boolean" }), sms: optional({ type: "boolean" }) })),
            customDataTemplates: optional(object([], { customer: optional(list(templateField)), order: optional(list(templateField)) })),
          }),
        ),
        users: list(
          object(["id", "name", "roles"], {
            id: guid,
            externalId: optional(externalId),
            name: nonBlank,
            roles: list({ enum: ["Administrator", "Technik", "Dispatcher"] }),
            deactivated: optional({ type: "boolean" }),
          }),
        ),
        catalogs: object(
          ["customerCategories", "customerTypes", "orderCategories", "orderCustomStates", "interventionCategories", "interventionCustomStates", "materialCategories", "materialSuppliers"],
          {
            customerCategories: catalog,
            customerTypes: catalog,
            orderCategories: catalog,
            orderCustomStates: catalog,
            interventionCategories: list(
              object(["id", "slug", "name"], {
                id: guid,
                slug: nonBlank,
                name: nonBlank,
                forms: optional(list(object(["id", "name"], { id: guid, name: nonBlank }))),
              }),
            ),
            interventionCustomStates: catalog,
            materialCategories: catalog,
            materialSuppliers: catalog,
          },
        ),
        materials: list(
          object(["id", "name", "categoryId", "supplierId"], {
            id: guid,
            externalId: optional(externalId),
            name: nonBlank,
            categoryId: { type: "string", description: "GUID or slug of a MaterialCategory" },
            supplierId: { type: "string", description: "GUID or slug of a MaterialSupplier" },
            identificationNumber: optional({ type: "string" }),
            description: optional({ type: "string" }),
            supplierCode: optional({ type: "string" }),
            unit: optional({ enum: ["Amounts", "Meters", "Kilograms", "Liters", "Hours"] }),
            price: optional(decimal),
            costPrice: optional(decimal),
          }),
        ),
        stores: list(
          object(["id", "name", "availableFor"], {
            id: guid,
            externalId: optional(externalId),
            name: nonBlank,
            availableFor: list({ type: "string", description: "GUID or external ID of a user" }),
            stock: optional(
              list(
                object(["materialId", "amount"], {
                  materialId: { type: "string", description: "GUID or external ID of a material" },
                  amount: { anyOf: [decimal, { type: "null" }], description: "null means unlimited" },
                }),
              ),
            ),
          }),
        ),
      }),
    ),
  },
};
