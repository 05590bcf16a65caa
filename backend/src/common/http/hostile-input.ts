import type { ApiFieldError } from '@healthlink/contracts';
import { CommonErrorCode } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/** Deepest JSON nesting a request may carry; far above any DTO, far below a stack overflow in class-transformer. */
export const MAX_INPUT_DEPTH = 64;

// PostgreSQL text cannot hold U+0000, and an unpaired UTF-16 surrogate has no UTF-8 encoding.
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_FIELD_NAME = 200;

export type InputProblem = { kind: 'text'; error: ApiFieldError } | { kind: 'depth'; field: string };

function textProblem(value: string): string | undefined {
  if (NUL.test(value)) return 'contains a NUL character (U+0000), which is not allowed';
  if (LONE_SURROGATE.test(value)) return 'contains an unpaired UTF-16 surrogate, which is not valid text';
  return undefined;
}

function childPath(parent: string, key: string): string {
  const path = parent ? `${parent}.${key}` : key;
  return path.length > MAX_FIELD_NAME ? `${path.slice(0, MAX_FIELD_NAME)}...` : path;
}

/**
 * The first string (value or property name) PostgreSQL could not store, or the first container deeper than
 * maxDepth. Walks with an explicit stack: a hostile document must not overflow this check either.
 */
export function findHostileInput(root: unknown, rootField = '', maxDepth = MAX_INPUT_DEPTH): InputProblem | undefined {
  const stack: { value: unknown; field: string; depth: number }[] = [{ value: root, field: rootField, depth: 0 }];
  while (stack.length > 0) {
    const { value, field, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const reason = textProblem(value);
      if (reason) return { kind: 'text', error: { field, message: `${field || 'The body'} ${reason}` } };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'depth', field };
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.keys(value).map((key) => [key, (value as Record<string, unknown>)[key]]);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i];
      const keyReason = Array.isArray(value) ? undefined : textProblem(key);
      // The bad name itself is not echoed: the parent names where it is.
      if (keyReason) return { kind: 'text', error: { field, message: `A property name in ${field || 'the body'} ${keyReason}` } };
      stack.push({ value: child, field: childPath(field, key), depth: depth + 1 });
    }
  }
  return undefined;
}

/** The 400 for a request part (body, query, path parameters) that must not reach the services. */
export function hostileInputError(part: 'body' | 'query' | 'params', value: unknown): AppError | undefined {
  const problem = findHostileInput(value, part === 'body' ? '' : part);
  if (!problem) return undefined;
  if (problem.kind === 'depth') {
    return new AppError(
      CommonErrorCode.NestingTooDeep,
      HttpStatus.BAD_REQUEST,
      `The request ${part} is nested more than ${MAX_INPUT_DEPTH} levels deep`,
    );
  }
  return new AppError(CommonErrorCode.ValidationFailed, HttpStatus.BAD_REQUEST, problem.error.message, [problem.error]);
}

/**
 * Refuses NUL characters, unpaired surrogates and deep nesting in the body, the query string and the path
 * parameters of every route, after parsing (JSON.parse turns "\u0000" into a real NUL) and before guards,
 * pipes and class-transformer see them.
 */
export function registerHostileInputGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const error =
      hostileInputError('params', request.params) ?? hostileInputError('query', request.query) ?? hostileInputError('body', request.body);
    done(error);
  });
}
