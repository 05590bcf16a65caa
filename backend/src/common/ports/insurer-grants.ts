/**
 * Port: ends every insurer grant a user gave (revoked at the insurer where it offers revocation, tokens
 * forgotten here). The insurers module provides it; accounts calls it before deleting an account, without
 * importing insurers (which depends on accounts through health-data).
 */
export abstract class InsurerGrants {
  abstract revokeAll(userId: string): Promise<void>;
}
