// Types of the pure pieces of typedoc-plugin-reference.mjs, for test/scripts/typedoc-plugin-reference.test.ts.
export declare const CATEGORIES: readonly { readonly title: string; readonly paths: readonly string[] }[];
export declare function categoryOf(path: string): string | undefined;
export declare function entryNames(exportsField: Record<string, unknown>, entryFiles: string[], packageName: string): { names: Map<string, string>; problems: string[] };
export declare const RULE_ID: RegExp;
export declare function splitRuleIds(text: string): ({ text: string } | { id: string })[];
export declare function catalogIds(rulesMd: string): Set<string>;
export declare function ruleAnchor(id: string): string;
export declare function mermaidToDot(mermaid: string): string;
export declare function load(app: unknown): void;
