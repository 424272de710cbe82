// Types of the pure pieces of rules-table.mjs, for test/scripts/rules-table.test.ts.
export interface RuleEntry { readonly id: string; readonly summary: string }
export interface SourceFile { readonly path: string; readonly text: string }
export interface Owners {
  readonly claims: readonly { readonly id: string; readonly name: string; readonly path: string; readonly kind?: string }[];
  readonly stray: readonly string[];
  readonly implementsLines: readonly string[];
  readonly mentions?: readonly { readonly id: string; readonly path: string }[];
}
export declare function readRulesText(text: string): RuleEntry[];
export declare function readRules(): RuleEntry[];
export declare function parseOwners(files: readonly SourceFile[]): Owners;
export declare function parseTests(files: readonly SourceFile[]): Map<string, Set<string>>;
export declare function catalogProblems(rules: readonly { readonly id: string }[], owners: Owners, tests: ReadonlyMap<string, ReadonlySet<string>>): string[];
export declare function renderTable(rules: readonly RuleEntry[], owners: Owners, tests: ReadonlyMap<string, ReadonlySet<string>>, exported?: ReadonlySet<string>, serviceExported?: ReadonlySet<string>): string;
export declare function exportedNames(text: string): Set<string>;
export declare function renderRuleIds(rules: readonly { readonly id: string }[]): string;
export declare function rulesTable(): { text: string; ruleIds: string; problems: string[]; count: number };
export interface FieldRow { readonly rule: string; readonly object: string | undefined; readonly keys: readonly string[]; readonly why: string }
export interface DescribedField { readonly object: string; readonly key: string; readonly rule?: string | undefined; readonly values?: readonly string[] | undefined }
export declare function readRuleTexts(text: string): Map<string, string>;
export declare function readFieldTable(text: string): FieldRow[];
export declare function namedKeys(ruleText: string, fields: readonly DescribedField[]): Set<string>;
export declare function fieldProblems(texts: ReadonlyMap<string, string>, rows: readonly FieldRow[], fields: readonly DescribedField[], known: ReadonlySet<string>): string[];
export declare function checkoutFieldProblems(): Promise<string[]>;
