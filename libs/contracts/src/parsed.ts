/** The shared rules' results: the forms show the problem, the server takes the checked value. */

/** One problem with a form: the field to highlight and the message to show. */
export interface FieldProblem<F extends string = string> {
  field: F;
  message: string;
}

/** A request as it may arrive: any field missing, or null (class-validator's `@IsOptional()` lets both through). */
export type Unchecked<T> = { [K in keyof T]?: T[K] | null };

/** What a shared rule found: the checked value, narrowed to its type, or the first problem, as the form shows it. */
export type Parsed<T, F extends string = string> = { ok: true; value: T } | { ok: false; problem: FieldProblem<F> };

export const valid = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const invalid = <F extends string>(field: F, message: string): { ok: false; problem: FieldProblem<F> } => ({
  ok: false,
  problem: { field, message },
});
export const problemOf = <F extends string>(parsed: Parsed<unknown, F>): FieldProblem<F> | null => (parsed.ok ? null : parsed.problem);
