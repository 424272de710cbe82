/*
 * One declarative description per request body (issue 23): a value is described once, with the
 * combinators of this folder, and everything else is derived from that description:
 * - the parser: `compileBody` turns a description into closures, once per module load, that
 *   read with the shared readers of `read.ts` (same codes, paths, rules and messages);
 * - the body's JSON Schema (`describedJsonSchema`), hence its Standard Schema twin and the
 *   request side of the OpenAPI document;
 * - the TypeScript types: the parsed command (`DescribedOutput`, checked at compile time against
 *   the generated interface) and the JSON body, both written into a checked-in file by
 *   `tools/body-types.ts` (`isolatedDeclarations` forbids exporting a type inferred from a
 *   const; docs/decisions.md "One description per body").
 * The documentation is part of the description as TSDoc: on each field (`@add`/`@upsert` for a
 * text that differs in the body of one mode) and on each object (`@add`/`@upsert` name the body
 * type of that mode). The generator reads it into the types and into per-body tables the JSON
 * Schema takes (`BodyDocs`), so a bundle that only parses carries no documentation.
 * A description is plain data plus closures; nothing here reads a clock or the environment.
 *
 * The language, by file: types.ts (what a description is), leaves.ts (scalars, lists, `map`),
 * fields.ts (how a field is present), objects.ts (objects, `extend`, `refuse`, `edit`),
 * compile.ts (the parser, `compileBody`) and json-schema.ts (`describedJsonSchema`). A module
 * that describes bodies imports them from here; a bundle keeps only what it uses (each file is
 * free of side effects).
 */
export type {
  BodyMode, TypeName, ValueShape, ObjectShape, Value, Presence, Field, Fields, BodyDocs, DescribedOutput, EditFields, SameType,
  FieldReader, RecordMaker, RecordMakers, CompileContext, DescribedBody,
} from "./types.js";
export { text, nonBlank, externalId, email, guid, integer, boolean, decimal, date, dateTime, numberIn, oneOf, array, rootList, map } from "./leaves.js";
export { required, optional, ident, upsertOnly, orDefault, notNull, list, addList, inBody } from "./fields.js";
export { object, refuse, extend, edit } from "./objects.js";
export { compileBody, recordsByKey } from "./compile.js";
export { describedJsonSchema } from "./json-schema.js";
