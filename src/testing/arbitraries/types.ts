/** The one rule a near-valid body breaks, and the issue the server must answer with (ERR-1). */
export interface Violation {
  /** Rule ID of the rule catalog (docs/rules.md), e.g. `CUS-3`. */
  readonly rule: string;
  /** JSON path of the issue, e.g. `identificationNumber` or `[0].amount`. */
  readonly path: string;
  /** Issue code, e.g. `Required`. */
  readonly code: string;
}

/** A request body that would be valid but for one known violation. */
export interface NearValid<B = unknown> {
  /** The body to send. */
  readonly body: B;
  /** What the server must refuse it for (400, exactly this issue). */
  readonly violation: Violation;
}

/** A JSON object body. */
export type Body = Record<string, unknown>;
