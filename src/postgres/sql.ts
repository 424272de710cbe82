/**
 * SQL plumbing shared by the PostgreSQL storage's files: the names statements are prepared under.
 * @module
 */
import { createHash } from "node:crypto";

/** Names already computed, by text: a request's statements are a few hundred texts in all, each hashed once. */
const preparedNames = new Map<string, string>();

/**
 * A short name of a statement's text: statements with values are prepared under it, once per connection.
 * @param text - the statement's text
 * @returns its name
 */
export function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `fs_${createHash("sha1").update(text).digest("base64url")}`;
    // Bounded: texts follow the parts a request has, not its values, but a caller could vary the schema.
    if (preparedNames.size >= 4096) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}
