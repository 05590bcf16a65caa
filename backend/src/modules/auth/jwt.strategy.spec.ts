import type { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { sign } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/errors';
import type { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import { bearerTokenOf, JwtStrategy } from './jwt.strategy';
import { SessionCache } from './session-cache';

const SECRET = 's'.repeat(40);
const alive: SessionValidator = { isActive: () => Promise.resolve(true) };

const sessionCache = () => new SessionCache({ maxEntries: 10, ttlMs: 30_000, touchAfterMs: 50_000, suspendMs: 10_000 });

function strategyWith(validator: SessionValidator = alive, jwt = new JwtService({}), cache = sessionCache()): JwtStrategy {
  const config = { get: jest.fn().mockReturnValue({ jwtSecret: SECRET }) } as unknown as ConfigService<AppConfig, true>;
  return new JwtStrategy(config, jwt, validator, cache);
}

describe('JwtStrategy.validate', () => {
  const exp = Math.floor(Date.now() / 1000) + 60;

  it('maps { sub, sid } to the user', async () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    await expect(strategyWith().validate({ sub: userId, sid: sessionId, exp })).resolves.toEqual({ userId, sessionId });
  });

  it('refuses tokens without exp, without a session id or with a sub that is not a UUID', async () => {
    await expect(strategyWith().validate({ sub: randomUUID(), sid: randomUUID() })).resolves.toBeNull();
    await expect(strategyWith().validate({ sub: randomUUID(), exp })).resolves.toBeNull();
    await expect(strategyWith().validate({ sub: randomUUID(), sid: 'not-a-uuid', exp })).resolves.toBeNull();
    await expect(strategyWith().validate({ sub: 'admin', exp })).resolves.toBeNull();
  });

  it('asks the SessionValidator and refuses inactive sessions', async () => {
    const isActive = jest.fn().mockResolvedValue(false);
    const userId = randomUUID();
    const strategy = strategyWith({ isActive } as SessionValidator);
    const sid = randomUUID();
    await expect(strategy.validate({ sub: userId, sid, iat: 5, exp })).resolves.toBeNull();
    expect(isActive).toHaveBeenCalledWith({ userId, sessionId: sid, issuedAt: 5 });
    isActive.mockResolvedValue(true);
    await expect(strategy.validate({ sub: userId, sid, iat: 5, exp })).resolves.toEqual({ userId, sessionId: sid });
  });

  it('answers 503 with Retry-After, not null (a 401), when the session cannot be checked', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const strategy = strategyWith({ isActive: jest.fn().mockRejectedValue(down) } as SessionValidator);
    const result = strategy.validate({ sub: randomUUID(), sid: randomUUID(), exp });
    await expect(result).rejects.toBeInstanceOf(AppError);
    await expect(result).rejects.toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE', retryAfterSeconds: 5 });
  });
});

describe('JwtStrategy.authenticate', () => {
  const claims = () => ({ sub: randomUUID(), sid: randomUUID() });

  it('answers the user of a valid HS256 token', async () => {
    const c = claims();
    const token = sign(c, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    await expect(strategyWith().authenticate(token)).resolves.toEqual({ userId: c.sub, sessionId: c.sid });
  });

  it('refuses another secret, another algorithm, alg none, an expired or not-yet-valid token, and garbage', async () => {
    const c = claims();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...c, exp: 9e9 })).toString('base64url')}.`;
    const tokens = [
      sign(c, 'another-secret-that-is-long-enough-0123456789', { algorithm: 'HS256', expiresIn: 60 }),
      sign(c, SECRET, { algorithm: 'HS512', expiresIn: 60 }),
      none,
      sign({ ...c, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET, { algorithm: 'HS256' }),
      sign(c, SECRET, { algorithm: 'HS256', expiresIn: 120, notBefore: 60 }),
      'not.a.token',
      '',
    ];
    for (const token of tokens) await expect(strategyWith().authenticate(token)).resolves.toBeNull();
  });
});

describe('JwtStrategy.authenticate with verified claims kept', () => {
  const claims = () => ({ sub: randomUUID(), sid: randomUUID() });
  afterEach(() => jest.useRealTimers());

  it('verifies the signature once a token, but checks the session on every request', async () => {
    const jwt = new JwtService({});
    const verify = jest.spyOn(jwt, 'verify');
    const isActive = jest.fn().mockResolvedValue(true);
    const strategy = strategyWith({ isActive } as SessionValidator, jwt);
    const c = claims();
    const token = sign(c, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    for (let i = 0; i < 3; i += 1) await expect(strategy.authenticate(token)).resolves.toEqual({ userId: c.sub, sessionId: c.sid });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(isActive).toHaveBeenCalledTimes(3);
    isActive.mockResolvedValue(false);
    await expect(strategy.authenticate(token)).resolves.toBeNull();
  });

  it('refuses a kept token once it has expired', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const strategy = strategyWith();
    const c = claims();
    const token = sign(c, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    await expect(strategy.authenticate(token)).resolves.toEqual({ userId: c.sub, sessionId: c.sid });
    jest.setSystemTime(Date.now() + 59_000);
    await expect(strategy.authenticate(token)).resolves.not.toBeNull();
    jest.setSystemTime(Date.now() + 1_000);
    await expect(strategy.authenticate(token)).resolves.toBeNull();
  });

  it('forgets the claims of an ended session, and keeps neither refused tokens nor tokens with nbf', async () => {
    const jwt = new JwtService({});
    const verify = jest.spyOn(jwt, 'verify');
    const cache = sessionCache();
    const strategy = strategyWith(alive, jwt, cache);
    const c = claims();
    const token = sign(c, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    await strategy.authenticate(token);
    expect(cache.claimsOf(token)).toMatchObject(c);
    cache.evict(c.sid);
    expect(cache.claimsOf(token)).toBeUndefined();
    await strategy.authenticate(token);
    expect(verify).toHaveBeenCalledTimes(2);

    const forged = sign(c, 'another-secret-that-is-long-enough-0123456789', { algorithm: 'HS256', expiresIn: 60 });
    const noSession = sign({ sub: c.sub }, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    const withNbf = sign(c, SECRET, { algorithm: 'HS256', expiresIn: 60, notBefore: 0 });
    for (const other of [forged, noSession, withNbf]) {
      await strategy.authenticate(other);
      expect(cache.claimsOf(other)).toBeUndefined();
    }
  });
});

describe('JwtStrategy.knownUser', () => {
  it('answers the user only while both the verified claims and the live session are in memory', async () => {
    const cache = sessionCache();
    cache.trust(Date.now() + 60_000);
    const strategy = strategyWith(alive, new JwtService({}), cache);
    const c = { sub: randomUUID(), sid: randomUUID() };
    const token = sign(c, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    expect(strategy.knownUser(token)).toBeUndefined();
    await strategy.authenticate(token);
    // The claims are kept, but no session check was remembered (the validator here is a stub).
    expect(strategy.knownUser(token)).toBeUndefined();
    cache.remember(c.sid, { userId: c.sub, idleLeftSeconds: 1800, expiresLeftSeconds: 3600, seenAgoSeconds: 0 }, cache.beginCheck());
    expect(strategy.knownUser(token)).toEqual({ userId: c.sub, sessionId: c.sid });
    cache.evict(c.sid);
    expect(strategy.knownUser(token)).toBeUndefined();
  });
});

describe('bearerTokenOf', () => {
  it.each([
    ['Bearer a.b.c', 'a.b.c'],
    ['bearer a.b.c', 'a.b.c'],
    ['  BEARER   a.b.c  ', 'a.b.c'],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic a.b.c', undefined],
    ['', undefined],
    [undefined, undefined],
    [['Bearer a.b.c'], undefined],
  ])('%p -> %p', (header, token) => {
    expect(bearerTokenOf(header)).toBe(token);
  });
});
