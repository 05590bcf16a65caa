import {
  INSURER_CATALOGUE,
  isFetchOperation,
  isInsurerKey,
  isInsurerSubset,
  isValidEmail,
  normalizeEmail,
  type CheckTokenResponse,
  type FetchOperation,
  type InsuranceAddRequest,
  type InsurerKey,
  type MessageResponse,
  type TokenCallbackRequest,
} from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import type { InsurerEndpoints } from '../../config/insurers-config';
import { PollingService } from '../polling';
import { authorizationUrl, newAuthorization } from './adapters/oauth.client';
import { InsurersError } from './insurers.errors';
import { InsurersRepository } from './insurers.repository';
import { TokenCipher } from './token-cipher';
import { sha256Hex } from '../../common/crypto';

export const TOKEN_EXCHANGE_KIND = 'insurer-token-exchange';
export const FETCH_KIND = 'insurer-fetch';
const STATE_TTL_MS = 10 * 60 * 1000;
// The callback page polls these; a short interval keeps approval-to-dashboard within seconds.
const POLL_INTERVAL_MS = 400;

export interface TokenExchangePayload {
  insurer: InsurerKey;
  stateId: string;
  authCodeEnc: string;
}
export interface FetchPayload {
  insurer: InsurerKey;
  operation: FetchOperation;
}

/** `{insurer}Fetch` from the path, as the spec's API names it. */
export function insurerFromFetchKey(fetchKey: string): InsurerKey {
  const key = fetchKey.endsWith('Fetch') ? fetchKey.slice(0, -'Fetch'.length) : '';
  if (!isInsurerKey(key)) throw InsurersError.unknownInsurer(fetchKey);
  return key;
}

/**
 * Linking an insurer: an authorize link with a state bound to the user, the insurer and ten minutes, and PKCE
 * S256; the callback checks the state and queues the code exchange; fetches are queued per operation.
 */
@Injectable()
export class InsurersService {
  constructor(
    private readonly repository: InsurersRepository,
    private readonly cipher: TokenCipher,
    private readonly polling: PollingService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  private endpoints(insurer: InsurerKey): InsurerEndpoints {
    return this.config.get('insurers', { infer: true }).endpoints[insurer];
  }

  async authorizeLink(userId: string, fetchKey: string, subset?: string): Promise<{ link: string }> {
    const insurer = insurerFromFetchKey(fetchKey);
    if (subset !== undefined) {
      const known = isInsurerSubset(subset) && INSURER_CATALOGUE.some((e) => e.insurer === insurer && e.subset === subset);
      if (!known) throw InsurersError.unknownInsurer(`${fetchKey}/${subset}`);
    }
    const { state, verifier, challenge } = await newAuthorization();
    await this.repository.createState({
      stateHash: sha256Hex(state),
      userId,
      insurer,
      subset: subset ?? null,
      codeVerifierEnc: this.cipher.encrypt(verifier, { userId, insurer, column: 'oauth_states.code_verifier_enc' }),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { link: authorizationUrl(this.endpoints(insurer), { state, challenge, subset }) };
  }

  async tokenCallback(userId: string, fetchKey: string, body: Partial<TokenCallbackRequest>): Promise<{ pollingEventID: string }> {
    const insurer = insurerFromFetchKey(fetchKey);
    if (!body.authCode?.trim()) throw InsurersError.validation('authCode', 'authCode is required');
    if (!body.state?.trim()) throw InsurersError.stateInvalid();
    const state = await this.repository.consumeState(sha256Hex(body.state), userId, insurer);
    if (!state) throw InsurersError.stateInvalid();
    const authCodeEnc = this.cipher.encrypt(body.authCode, { userId, insurer, column: 'insurer-token-exchange.auth_code_enc' });
    const payload: TokenExchangePayload = { insurer, stateId: state.id, authCodeEnc };
    return { pollingEventID: await this.polling.start(userId, TOKEN_EXCHANGE_KIND, payload, POLL_INTERVAL_MS) };
  }

  async checkToken(userId: string, insurers: string[]): Promise<CheckTokenResponse> {
    const usable = new Set(await this.repository.usableLinks(userId));
    return Object.fromEntries(insurers.map((key) => [key, usable.has(key)]));
  }

  async startFetch(userId: string, fetchKey: string, operation: string): Promise<{ pollingEventID: string }> {
    const insurer = insurerFromFetchKey(fetchKey);
    if (!isFetchOperation(operation)) throw InsurersError.unknownOperation(operation);
    if (!(await this.repository.findLink(userId, insurer))) throw InsurersError.notLinked();
    const payload: FetchPayload = { insurer, operation };
    return { pollingEventID: await this.polling.start(userId, FETCH_KIND, payload, POLL_INTERVAL_MS) };
  }

  async requestInsurer(userId: string, body: Partial<InsuranceAddRequest>): Promise<MessageResponse> {
    if (!body.insurerName?.trim()) throw InsurersError.validation('insurerName', 'Please enter the insurer name');
    if (!body.email?.trim()) throw InsurersError.validation('email', 'Please enter your email address');
    if (!isValidEmail(body.email)) throw InsurersError.validation('email', 'Please enter a valid email address');
    await this.repository.insertRequest({ userId, insurerName: body.insurerName.trim(), email: normalizeEmail(body.email) });
    return { message: 'Request received' };
  }
}
