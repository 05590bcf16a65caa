import type { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { sign } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/errors';
import type { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import { bearerTokenOf, JwtStrategy } from './jwt.strategy';

const SECRET = 's'.repeat(40);
const alive: SessionValidator = { isActive: () => Promise.resolve(true) };

function strategyWith(validator: SessionValidator = alive): JwtStrategy {
  const config = { get: jest.fn().mockReturnValue({ jwtSecret: SECRET }) } as unknown as ConfigService<AppConfig, true>;
  return new JwtStrategy(config, new JwtService({}), validator);
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
