// The listing collation on PostgreSQL (STO-5): its name, the ICU locale the in-memory listing's
// collator resolved, and making sure the schema holds it.
import { quoteSchema, type SqlExecutor } from "./sql.js";

// A BCP 47 tag as the `locale` setting holds it: language, then subtags, singletons
// (`-u-`, `-x-`) included, so `cs-u-kn` is one.
const LOCALE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

/** Longest collation name: `materials_name_<name>`, an index name, must fit PostgreSQL's 63 bytes. */
const MAX_COLLATION_NAME = 48;

/** 32-bit FNV-1a of a text, as 8 hex digits. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/**
 * The name of the listing collation of a locale inside a schema (made by
 * {@link ensureCollation}). Only checked locales reach SQL. A long tag keeps a prefix and a
 * hash of the whole, so the indexes named after the collation fit PostgreSQL's 63 bytes and
 * two tags never share a truncated name.
 * @param locale - the `locale` setting
 * @returns the collation's unquoted name
 * @throws Error when the locale is not shaped as a language tag
 * @example
 * listingCollationName("cs-CZ") //=> "listing_cs_cz"
 * listingCollationName("cs-u-kn") //=> "listing_cs_u_kn"
 */
export function listingCollationName(locale: string): string {
  if (!LOCALE.test(locale)) throw new Error(`PostgreSQL listing: ${JSON.stringify(locale)} is not a locale (a language tag such as "cs")`);
  const name = `listing_${locale.toLowerCase().replace(/-/g, "_")}`;
  return name.length <= MAX_COLLATION_NAME ? name : `${name.slice(0, MAX_COLLATION_NAME - 9)}_${shortHash(locale.toLowerCase())}`;
}

/**
 * The ICU locale of the listing collation: the collation the in-memory listing uses for this
 * `locale` setting (`new Intl.Collator(locale)`), spelled for PostgreSQL. It is read from what
 * `Intl` resolved, not from the setting's text, so both storages sort by the same collation:
 * the base language (a region ICU has no data for falls back as `Intl` does), the extension
 * keys `Intl.Collator` honours (`co` collation type, `kf` case first, `kn` numeric; others,
 * such as `ka`, it ignores, and so does this), and `kk` (normalisation) always, since V8
 * normalises and ICU by default does not.
 * @param locale - the `locale` setting, one `Intl.Collator` supports
 * @returns the ICU locale, a BCP 47 tag
 * @throws Error when `Intl` does not support the locale (the fixture refuses it too)
 * @example
 * listingIcuLocale("cs") //=> "cs-u-kk-true"
 * listingIcuLocale("cs-u-kn") //=> "cs-u-kk-true-kn-true"
 * listingIcuLocale("de-u-co-phonebk") //=> "de-u-co-phonebk-kk-true"
 */
export function listingIcuLocale(locale: string): string {
  if (!LOCALE.test(locale) || Intl.Collator.supportedLocalesOf([locale]).length === 0) {
    throw new Error(`PostgreSQL listing: the locale ${JSON.stringify(locale)} is not known to this runtime's Intl (STO-5)`);
  }
  const resolved = new Intl.Collator(locale).resolvedOptions();
  const keys: string[] = [];
  if (resolved.collation !== "default") keys.push(`co-${resolved.collation}`);
  if (resolved.caseFirst !== "false") keys.push(`kf-${resolved.caseFirst}`);
  keys.push("kk-true");
  if (resolved.numeric) keys.push("kn-true");
  const icu = `${new Intl.Locale(resolved.locale).baseName}-u-${keys.join("-")}`;
  // It is spliced into SQL text: letters, digits and hyphens only.
  if (!LOCALE.test(icu)) throw new Error(`PostgreSQL listing: the locale ${JSON.stringify(locale)} resolved to ${JSON.stringify(icu)}, not a language tag`);
  return icu;
}

/**
 * The ICU locale to give the server: `icu` itself when the server's ICU has collation data for
 * its language, else the root collation (`und`) with the same keys. PostgreSQL 15 accepts any
 * ICU locale text and silently falls back to the root order, so this says so instead: the
 * predefined `<locale>-x-icu` collations list what the server's ICU has, and ICU's collation
 * data is per language (and script), so the language with its script, or alone, is enough for
 * a region or extension keys. A language only a newer ICU knows (Node's ICU is newer than
 * Debian's PostgreSQL's) thus sorts by the root order on PostgreSQL, which is the in-memory
 * order unless that newer ICU tailors the language (docs/decisions.md).
 */
async function serverIcuLocale(db: SqlExecutor, icu: string): Promise<string> {
  const tag = new Intl.Locale(icu);
  const names = new Set([tag.baseName, tag.script === undefined ? tag.language : `${tag.language}-${tag.script}`, tag.language]);
  const candidates: string[] = [];
  for (const n of names) candidates.push(`${n}-x-icu`.toLowerCase());
  const known = await db.query("SELECT 1 FROM pg_collation WHERE collprovider = 'i' AND lower(collname) = ANY($1::text[])", [candidates]);
  return known.rows.length > 0 ? icu : `und${icu.slice(icu.indexOf("-u-"))}`;
}

/**
 * Makes sure the schema holds the listing collation of a company's `locale` setting and
 * returns its qualified, quoted name for `COLLATE`. The collation is ICU and
 * nondeterministic, so texts the collator calls equal are equal in SQL too and the STO-5
 * tie-break (name, then GUID) decides between them, as in memory; it normalises (`-u-kk`)
 * as `Intl.Collator` always does, or runs of combining marks would order differently. Its ICU
 * locale is the one the in-memory listing's collator resolved ({@link listingIcuLocale}), so
 * any locale the fixture accepts (`cs-u-kn`, `de-u-co-phonebk`, `cs-CZ`) sorts alike on both
 * storages; a language the server's ICU has no data for gets the root order (see
 * `serverIcuLocale`). A locale this runtime's `Intl` does not support is refused, as the
 * fixture refuses it. Applies STO-5.
 * @param db - the connection
 * @param schema - the schema
 * @param locale - the `locale` setting (default `cs`)
 * @returns the collation, e.g. `"tenant"."listing_cs"`
 * @throws Error when the locale is malformed or unknown
 */
export async function ensureCollation(db: SqlExecutor, schema: string, locale: string): Promise<string> {
  const s = quoteSchema(schema);
  const name = listingCollationName(locale);
  const qualified = `${s}."${name}"`;
  const existing = await db.query("SELECT 1 FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace WHERE n.nspname = $1 AND c.collname = $2", [schema, name]);
  if (existing.rows.length > 0) return qualified;
  const icu = await serverIcuLocale(db, listingIcuLocale(locale));
  // One statement, so it works through a pool as inside a caller's transaction (a failed
  // statement there would abort it): a transaction-scoped advisory lock serialises
  // concurrent creators, and the second one finds the collation made (READ COMMITTED).
  const ddl = `CREATE COLLATION ${qualified} (provider = icu, locale = '${icu}', deterministic = false);`;
  await db.query(
    `DO $ddl$ BEGIN
       PERFORM pg_advisory_xact_lock(hashtext('field-service-rules listing collation'));
       IF NOT EXISTS (SELECT 1 FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace WHERE n.nspname = '${schema}' AND c.collname = '${name}') THEN
         ${ddl}
       END IF;
     END $ddl$`,
  );
  return qualified;
}
