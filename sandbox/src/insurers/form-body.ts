import type { FastifyInstance } from 'fastify';

const FORM_BODY_LIMIT = 64 * 1024;

/** An application/x-www-form-urlencoded body (the OAuth token and consent forms). */
export class FormBody {
  constructor(private readonly params: URLSearchParams) {}

  get(name: string): string | undefined {
    return this.params.get(name) ?? undefined;
  }

  getAll(name: string): string[] {
    return this.params.getAll(name);
  }

  has(name: string): boolean {
    return this.params.has(name);
  }

  /** Names sent more than once, which RFC 6749 §3.1 forbids. */
  repeated(): string[] {
    const names = [...this.params.keys()];
    return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  }
}

/** Fastify parses JSON only; @fastify/formbody is not a dependency, and URLSearchParams is all a form needs. */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    done(null, new FormBody(new URLSearchParams(body as string)));
  });
}
