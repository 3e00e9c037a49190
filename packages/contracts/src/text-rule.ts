/** The text rule (text-problem.ts) as zod checks, for the body schemas. */
import { z } from 'zod';
import { textProblem, type TextKind } from './text-problem';

/** `schema` with the text rule of `kind` added to its checks. */
export function followingTextRule<Schema extends z.ZodString>(schema: Schema, kind: TextKind): Schema {
  return schema.superRefine((value, context) => {
    const problem = textProblem(value, kind);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
}

/** A text of `kind` of at most `max` characters. */
export function text(kind: TextKind, max: number): z.ZodString {
  return followingTextRule(z.string().max(max, `must be at most ${max} characters`), kind);
}
