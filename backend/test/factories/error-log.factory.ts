import type { LogErrorRequest } from '@healthlink/contracts';
import { randomUUID } from 'node:crypto';

export function buildLogErrorRequest(overrides: Partial<LogErrorRequest> = {}): LogErrorRequest {
  return {
    errorType: `TEST_${randomUUID().slice(0, 8)}`,
    insurerName: 'Aetna',
    host: 'localhost',
    errorDetails: { status: 502, url: '/api/insurers/aetna/claims' },
    ...overrides,
  };
}
