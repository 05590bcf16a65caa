import type { FastifyInstance } from 'fastify';

/**
 * One third-party partner the sandbox stands in for. Each partner registers its routes under its own
 * prefix and speaks the real partner's protocol, so the product's adapters cannot tell the difference.
 */
export interface SandboxPartner {
  /** URL prefix, e.g. `/insurers`. */
  prefix: string;
  /** What the real partner is and which protocol this stand-in speaks. */
  description: string;
  register(app: FastifyInstance): Promise<void>;
  /** Listeners outside HTTP (e.g. SMTP), started with the sandbox and closed with it. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
