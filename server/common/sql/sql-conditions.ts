/**
 * A WHERE clause built from a list page's optional filters, each value a numbered parameter (never text in the
 * SQL). `add` gives its condition the value's placeholder (`$3`), which it may use more than once.
 */
export class SqlConditions {
  readonly parameters: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds the condition `sql(placeholder)` with `value` as its parameter. */
  add(sql: (placeholder: string) => string, value: unknown): this {
    this.conditions.push(sql(this.parameter(value)));
    return this;
  }

  /** Adds a condition that takes no parameter. */
  addFixed(sql: string): this {
    this.conditions.push(sql);
    return this;
  }

  /** `value` as the next parameter (for a LIMIT, say); its placeholder. */
  parameter(value: unknown): string {
    this.parameters.push(value);
    return `$${this.parameters.length}`;
  }

  /** `WHERE a AND b ...`, or nothing when no filter was given. */
  get where(): string {
    return this.conditions.length > 0 ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/** `text` for a LIKE pattern: its own `\`, `%` and `_` match themselves. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
