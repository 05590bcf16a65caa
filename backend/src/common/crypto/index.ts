import { createHash } from 'node:crypto';

/** Hex SHA-256 of a high-entropy secret (a code or token), for storing or looking it up without keeping it. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
