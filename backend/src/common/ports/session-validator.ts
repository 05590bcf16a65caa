/**
 * Port: whether a verified token's server-side session is alive (idle timeout, revocation). The auth module
 * provides it (its sessions service); the JWT strategy asks it about every verified token.
 */
export abstract class SessionValidator {
  abstract isActive(claims: { userId: string; sessionId?: string; issuedAt?: number }): Promise<boolean>;
}
