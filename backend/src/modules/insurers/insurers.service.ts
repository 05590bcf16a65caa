import {
  FETCH_OPERATIONS,
  FETCH_SETS,
  INSURER_CATALOGUE,
  INSURER_NAMES,
  InsurerLinkMessages,
  InsurerTexts,
  isFetchOperation,
  isInsurerKey,
  isInsurerSubset,
  isValidEmail,
  normalizeEmail,
  type CheckTokenResponse,
  type FetchOperation,
  type InsuranceAddRequest,
  type InsurerKey,
  type InsurerLinksResponse,
  type MessageResponse,
  type TokenCallbackRequest,
  type UnlinkInsurerResponse,
} from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import type { InsurerEndpoints } from '../../config/insurers-config';
import { PollingService } from '../polling';
import { authorizationUrl, newAuthorization } from './adapters/oauth.client';
import { isDiscoveryError, SmartDiscovery, type ResolvedEndpoints } from './adapters/smart-discovery';
import { smartScopes } from './adapters/smart-scopes';
import { InsurerGrantsService } from './insurer-grants.service';
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
    private readonly discovery: SmartDiscovery,
    private readonly grants: InsurerGrantsService,
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
    const endpoints = this.endpoints(insurer);
    const server = await this.authorizationServer(insurer, endpoints);
    // SMART standalone launch: the scopes of this insurer's fetch set, unless INSURER_<KEY>_SCOPES says otherwise.
    const types = FETCH_SETS[insurer].map((operation) => FETCH_OPERATIONS[operation]);
    const supported = server.discovered ? server.scopesSupported : await this.discovery.advertisedScopes(endpoints.fhirBaseUrl, insurer);
    const scope = endpoints.scopes || smartScopes(types, supported);
    const { state, verifier, challenge } = await newAuthorization();
    await this.repository.createState({
      stateHash: sha256Hex(state),
      userId,
      insurer,
      subset: subset ?? null,
      codeVerifierEnc: this.cipher.encrypt(verifier, { userId, insurer, column: 'oauth_states.code_verifier_enc' }),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { link: authorizationUrl(server, { state, challenge, scope, subset }) };
  }

  /** The endpoints to send the member to; a discovery failure is the member's clear 502 (the adapter logged why). */
  private async authorizationServer(insurer: InsurerKey, endpoints: InsurerEndpoints): Promise<ResolvedEndpoints> {
    try {
      return await this.discovery.resolve(endpoints);
    } catch (error) {
      if (isDiscoveryError(error)) throw InsurersError.discoveryFailed(INSURER_NAMES[insurer]);
      throw error;
    }
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

  /** The member's links: each insurer with its status and when its data was last brought in. */
  async links(userId: string): Promise<InsurerLinksResponse> {
    const links = await this.repository.linkSummariesOf(userId);
    return {
      links: links.flatMap((link) =>
        isInsurerKey(link.insurer)
          ? [
              {
                insurer: link.insurer,
                name: INSURER_NAMES[link.insurer],
                status: link.status,
                linkedAt: link.linkedAt.toISOString(),
                lastSyncedAt: link.lastSyncedAt?.toISOString() ?? null,
              },
            ]
          : [],
      ),
    };
  }

  /**
   * Unlinks an insurer: its grant is ended at the insurer where it can be, and the link and that insurer's data are
   * deleted for this member; a revocation that fails does not keep our copy, and the message says so.
   */
  async unlink(userId: string, insurerParam: string): Promise<UnlinkInsurerResponse> {
    if (!isInsurerKey(insurerParam)) {
      throw InsurersError.validation('insurer', `${InsurerTexts.unknownInsurer}: ${insurerParam.slice(0, 60)}`);
    }
    const outcome = await this.grants.unlink(userId, insurerParam);
    if (outcome === null) throw InsurersError.linkNotFound();
    const name = INSURER_NAMES[insurerParam];
    const message =
      outcome === 'revoked'
        ? InsurerLinkMessages.unlinked(name)
        : outcome === 'unsupported'
          ? InsurerLinkMessages.unlinkedNoRevocation(name)
          : InsurerLinkMessages.unlinkedNotRevoked(name);
    return { message, revokedAtInsurer: outcome === 'revoked' };
  }

  async requestInsurer(userId: string, body: Partial<InsuranceAddRequest>): Promise<MessageResponse> {
    if (!body.insurerName?.trim()) throw InsurersError.validation('insurerName', 'Please enter the insurer name');
    if (!body.email?.trim()) throw InsurersError.validation('email', 'Please enter your email address');
    if (!isValidEmail(body.email)) throw InsurersError.validation('email', 'Please enter a valid email address');
    await this.repository.insertRequest({ userId, insurerName: body.insurerName.trim(), email: normalizeEmail(body.email) });
    return { message: 'Request received' };
  }
}
