/** What the database said of a live session, as the cache keeps it (seconds, as of the check). */
export interface SessionLife {
  userId: string;
  /** Until it idles out (its last_seen_at plus the idle limit) and until its absolute expiry. */
  idleLeftSeconds: number;
  expiresLeftSeconds: number;
  /** How long ago its last_seen_at was. */
  seenAgoSeconds: number;
}

/** A request the cache answered that last_seen_at must still learn of: its session, and how long ago it was. */
export interface PendingTouch {
  sessionId: string;
  agoSeconds: number;
}

/** The epoch (it moves whenever an answer being fetched may have become stale) and clock when a check began. */
export interface CheckTicket {
  epoch: number;
  at: number;
}

export interface SessionCacheOptions {
  maxEntries: number;
  /** How long a checked session is answered from memory (well under the idle limit). */
  ttlMs: number;
  /** A request this long after the stored last_seen_at is written back (batched). */
  touchAfterMs: number;
  /** How long a user whose sessions this process is ending is checked in the database only. */
  suspendMs: number;
  /** Bearer tokens whose verified claims are kept (one a session, as login issues them). */
  maxTokens?: number;
  now?: () => number;
}

/** The claims of a bearer token whose signature, algorithm and expiry were verified. */
export interface VerifiedClaims {
  sub: string;
  sid: string;
  iat?: number;
  exp: number;
}

interface TokenEntry {
  claims: VerifiedClaims;
  /** Local clock: the token's expiry. */
  validUntil: number;
}

interface Entry {
  userId: string;
  /** Local clock: the end of the answer's life (TTL, idle limit or expiry, whichever is first). */
  validUntil: number;
  /** Local clock, never later than the database's last_seen_at. */
  seenAt: number;
}

/**
 * The in-process memory of sessions the database found alive, so that an authenticated read is not a session
 * query. It answers only while it is trusted: the session-ends listener trusts it for a short while after each
 * proof that its LISTEN connection is up, and distrusts it (emptying it) the moment the connection is lost; an
 * untrusted cache answers nothing and learns nothing, so every check goes to PostgreSQL (fail closed).
 *
 * Revocation: every end of a session in PostgreSQL is NOTIFYed and evicted here. A check that was in flight
 * while anything was evicted is not remembered (the epoch moved): its answer may predate the end.
 *
 * Idle timeout: an entry never outlives the idle limit counted from the last_seen_at it was read with, and
 * requests it answers are written back to last_seen_at in batches (takeTouches), so the database's view of the
 * session lags real use by no more than it does without the cache.
 *
 * Tokens: the claims of a verified bearer token are kept by the token's exact text until its `exp`, so that an HMAC
 * is computed once a token, not once a request. They are a fact about the token (signature and expiry), not about
 * its session, which every request still checks above; they go with their session all the same when it ends.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Session id -> local time of the latest request answered from memory that last_seen_at does not know. */
  private readonly touches = new Map<string, number>();
  /** User id -> local time until which their sessions are checked in the database only. */
  private readonly suspended = new Map<string, number>();
  /** Token text -> verified claims; session id -> its tokens (for eviction). */
  private readonly tokens = new Map<string, TokenEntry>();
  private readonly tokensBySession = new Map<string, Set<string>>();
  private epochValue = 0;
  private trustedUntil = 0;
  /** The cache's clock (milliseconds); the listener times its proofs with it. */
  readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Taken before a session is checked in the database, and handed back to remember() with the answer. */
  beginCheck(): CheckTicket {
    return { epoch: this.epochValue, at: this.now() };
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether the session is known alive and the cache may say so now. Records the request for last_seen_at. */
  isAlive(sessionId: string, userId: string): boolean {
    const now = this.now();
    if (now >= this.trustedUntil) return false;
    const entry = this.entries.get(sessionId);
    if (!entry || entry.userId !== userId) return false;
    if (now >= entry.validUntil) {
      this.entries.delete(sessionId);
      return false;
    }
    if (this.suspended.size > 0 && this.isSuspended(userId, now)) return false;
    // Least recently used goes first when the cache is full.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    if (now - entry.seenAt >= this.options.touchAfterMs) this.touches.set(sessionId, now);
    return true;
  }

  /** Keeps a session the database found alive, unless anything was evicted since the check began. */
  remember(sessionId: string, life: SessionLife, { epoch, at: checkedAt }: CheckTicket): void {
    const now = this.now();
    if (epoch !== this.epochValue || now >= this.trustedUntil || this.isSuspended(life.userId, now)) return;
    const lifeMs = Math.min(this.options.ttlMs, life.idleLeftSeconds * 1000, life.expiresLeftSeconds * 1000);
    if (lifeMs <= 0) return;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { userId: life.userId, validUntil: checkedAt + lifeMs, seenAt: checkedAt - life.seenAgoSeconds * 1000 });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The session ended (NOTIFY, or this process ended it). */
  evict(sessionId: string): void {
    this.epochValue++;
    this.entries.delete(sessionId);
    this.touches.delete(sessionId);
    this.forgetTokensOf(sessionId);
  }

  /** The verified claims of this exact token, while it has not expired. */
  claimsOf(token: string): VerifiedClaims | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    if (this.now() >= entry.validUntil) {
      this.forgetToken(token, entry.claims.sid);
      return undefined;
    }
    return entry.claims;
  }

  /** Keeps the claims of a token that was just verified (signature, algorithm, expiry). Tokens with nbf are not kept. */
  rememberClaims(token: string, claims: VerifiedClaims & { nbf?: unknown }): void {
    if (claims.nbf !== undefined) return;
    const validUntil = claims.exp * 1000;
    if (this.now() >= validUntil) return;
    this.forgetToken(token, claims.sid);
    this.tokens.set(token, { claims: { sub: claims.sub, sid: claims.sid, iat: claims.iat, exp: claims.exp }, validUntil });
    let ofSession = this.tokensBySession.get(claims.sid);
    if (!ofSession) this.tokensBySession.set(claims.sid, (ofSession = new Set()));
    ofSession.add(token);
    const max = this.options.maxTokens ?? this.options.maxEntries;
    while (this.tokens.size > max) {
      const [oldest, entry] = this.tokens.entries().next().value as [string, TokenEntry];
      this.forgetToken(oldest, entry.claims.sid);
    }
  }

  /** This process is ending sessions of the user (perhaps in a transaction not yet committed): none is answered from memory for a while. */
  suspendUser(userId: string): void {
    this.epochValue++;
    const now = this.now();
    this.suspended.set(userId, now + this.options.suspendMs);
    for (const [sessionId, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sessionId);
    for (const [token, entry] of this.tokens) if (entry.claims.sub === userId) this.forgetToken(token, entry.claims.sid);
    for (const [id, until] of this.suspended) if (until <= now) this.suspended.delete(id);
  }

  /** Forgets every session (a TRUNCATE, or the listener lost). */
  clear(): void {
    this.epochValue++;
    this.entries.clear();
    this.tokens.clear();
    this.tokensBySession.clear();
  }

  /** The listener proved its connection up at `provenAt`: answers are trusted until `until`. */
  trust(until: number): void {
    // Checks begun while untrusted may predate an end the listener never heard of.
    if (this.now() >= this.trustedUntil) this.epochValue++;
    this.trustedUntil = Math.max(this.trustedUntil, until);
  }

  /** The listener is down: notifications may be missed from now on. */
  distrust(): void {
    this.trustedUntil = 0;
    this.clear();
  }

  get trusted(): boolean {
    return this.now() < this.trustedUntil;
  }

  /** The requests answered from memory that last_seen_at must learn of; the entries count them as written. */
  takeTouches(): PendingTouch[] {
    const now = this.now();
    const pending: PendingTouch[] = [];
    for (const [sessionId, at] of this.touches) {
      pending.push({ sessionId, agoSeconds: Math.max(0, now - at) / 1000 });
      const entry = this.entries.get(sessionId);
      if (entry) entry.seenAt = at;
    }
    this.touches.clear();
    return pending;
  }

  private forgetTokensOf(sessionId: string): void {
    for (const token of this.tokensBySession.get(sessionId) ?? []) this.tokens.delete(token);
    this.tokensBySession.delete(sessionId);
  }

  private forgetToken(token: string, sessionId: string): void {
    this.tokens.delete(token);
    const ofSession = this.tokensBySession.get(sessionId);
    ofSession?.delete(token);
    if (ofSession?.size === 0) this.tokensBySession.delete(sessionId);
  }

  private isSuspended(userId: string, now: number): boolean {
    const until = this.suspended.get(userId);
    return until !== undefined && now < until;
  }
}
