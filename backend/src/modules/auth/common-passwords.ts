import { dictionary } from '@zxcvbn-ts/language-common';

// The 49,000 most common leaked passwords (zxcvbn-ts, MIT), shipped in the package: no network at run time.
const COMMON = new Set((dictionary as Record<string, string[]>)['passwords-common'].map((p) => p.toLowerCase()));

/**
 * A password is refused when it, or its letters once the digits and symbols around them are taken away,
 * is a common password: "Password123!" is "password" with decoration, and it is guessed as fast.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return core.length >= 3 && COMMON.has(core);
}
