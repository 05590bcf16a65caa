import type { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/errors';
import type { AppConfig } from '../../config';
import { JwtStrategy } from './jwt.strategy';
import type { SessionValidator } from '../../common/ports';

const alive: SessionValidator = { isActive: () => Promise.resolve(true) };

function strategyWith(validator: SessionValidator = alive): JwtStrategy {
  const config = { get: jest.fn().mockReturnValue({ jwtSecret: 's'.repeat(40) }) } as unknown as ConfigService<AppConfig, true>;
  return new JwtStrategy(config, validator);
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
