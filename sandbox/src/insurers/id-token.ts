import { createHmac } from 'node:crypto';

const ID_TOKEN_TTL_SECONDS = 3600;
const b64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/**
 * An OpenID Connect ID token for a confidential client, signed HS256 with the client secret (OpenID Connect
 * Core §10.1), as SMART App Launch issues one when `openid` is granted; `fhirUser` is the member's Patient URL.
 */
export function signIdToken(o: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  patientId: string;
  nowMs: number;
  nonce?: string;
  fhirUser: boolean;
}): string {
  const iat = Math.floor(o.nowMs / 1000);
  const claims = {
    iss: o.issuer,
    sub: o.patientId,
    aud: o.clientId,
    iat,
    exp: iat + ID_TOKEN_TTL_SECONDS,
    ...(o.nonce ? { nonce: o.nonce } : {}),
    ...(o.fhirUser ? { fhirUser: `${o.issuer}/Patient/${o.patientId}` } : {}),
  };
  const signingInput = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${signingInput}.${createHmac('sha256', o.clientSecret).update(signingInput).digest('base64url')}`;
}
