/**
 * Hook for server-side sessions (idle timeout, revocation). When any module provides this class, the JWT
 * strategy asks it about every verified token; without a provider a valid signature and `exp` suffice.
 */
export abstract class SessionValidator {
  abstract isActive(claims: { userId: string; sessionId?: string; issuedAt?: number }): Promise<boolean>;
}
