import { ExecutionContext, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { serviceUnavailableError } from '../../common/errors';
import { JwtAuthGuard } from './jwt-auth.guard';
import type { JwtStrategy } from './jwt.strategy';
import { IS_OPTIONAL_AUTH_KEY, IS_PUBLIC_KEY } from './public.decorator';

describe('JwtAuthGuard', () => {
  const user = { userId: randomUUID(), sessionId: randomUUID() };
  const authenticate = jest.fn();
  const strategy = { authenticate } as unknown as JwtStrategy;

  function contextFor(isPublic: boolean, headers: Record<string, unknown>, isOptional = false) {
    const request: { headers: Record<string, unknown>; user?: unknown } = { headers };
    const reflector = {
      getAllAndOverride: (key: string) => (key === IS_PUBLIC_KEY ? isPublic : key === IS_OPTIONAL_AUTH_KEY ? isOptional : undefined),
    } as unknown as Reflector;
    const context = {
      getHandler: () => undefined,
      getClass: () => undefined,
      switchToHttp: () => ({ getRequest: () => request }),
    } as unknown as ExecutionContext;
    return { guard: new JwtAuthGuard(reflector, strategy), context, request };
  }

  beforeEach(() => authenticate.mockReset());

  it('lets a valid bearer token through and sets the user', async () => {
    authenticate.mockResolvedValue(user);
    const { guard, context, request } = contextFor(false, { authorization: 'Bearer a.b.c' });
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(authenticate).toHaveBeenCalledWith('a.b.c');
    expect(request.user).toEqual(user);
  });

  it('reads the scheme in any case, and nothing but `Bearer <token>`', async () => {
    authenticate.mockResolvedValue(user);
    const mixedCase = contextFor(false, { authorization: 'bEaReR a.b.c' });
    await expect(mixedCase.guard.canActivate(mixedCase.context)).resolves.toBe(true);
    for (const authorization of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a.b.c extra', 'a.b.c']) {
      const { guard, context } = contextFor(false, { authorization });
      await expect(guard.canActivate(context)).rejects.toBeInstanceOf(UnauthorizedException);
    }
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('answers 401 for a token the strategy refuses', async () => {
    authenticate.mockResolvedValue(null);
    const { guard, context, request } = contextFor(false, { authorization: 'Bearer a.b.c' });
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(UnauthorizedException);
    expect(request.user).toBeUndefined();
  });

  it('passes a 503 from the session check on instead of turning it into a 401', async () => {
    const unavailable = serviceUnavailableError(new Error('connect ECONNREFUSED'));
    authenticate.mockRejectedValue(unavailable);
    const { guard, context } = contextFor(false, { authorization: 'Bearer a.b.c' });
    await expect(guard.canActivate(context)).rejects.toBe(unavailable);
  });

  it('on a public route: no token is fine, a valid one sets the user, a bad one or an outage is ignored', async () => {
    const none = contextFor(true, {});
    await expect(none.guard.canActivate(none.context)).resolves.toBe(true);
    expect(authenticate).not.toHaveBeenCalled();

    authenticate.mockResolvedValueOnce(user);
    const valid = contextFor(true, { authorization: 'Bearer a.b.c' });
    await expect(valid.guard.canActivate(valid.context)).resolves.toBe(true);
    expect(valid.request.user).toEqual(user);

    authenticate.mockResolvedValueOnce(null);
    const bad = contextFor(true, { authorization: 'Bearer x.y.z' });
    await expect(bad.guard.canActivate(bad.context)).resolves.toBe(true);
    expect(bad.request.user).toBeNull();

    authenticate.mockRejectedValueOnce(serviceUnavailableError(new Error('down')));
    const down = contextFor(true, { authorization: 'Bearer x.y.z' });
    await expect(down.guard.canActivate(down.context)).resolves.toBe(true);
    expect(down.request.user).toBeNull();

    const malformed = contextFor(true, { authorization: 'Basic abc' });
    await expect(malformed.guard.canActivate(malformed.context)).resolves.toBe(true);
    expect(malformed.request.user).toBeNull();
  });

  it('on an optional-session route: no token is a visitor, a valid one sets the user, a bad or malformed one is a 401', async () => {
    const none = contextFor(false, {}, true);
    await expect(none.guard.canActivate(none.context)).resolves.toBe(true);
    expect(none.request.user).toBeNull();
    expect(authenticate).not.toHaveBeenCalled();

    authenticate.mockResolvedValueOnce(user);
    const valid = contextFor(false, { authorization: 'Bearer a.b.c' }, true);
    await expect(valid.guard.canActivate(valid.context)).resolves.toBe(true);
    expect(valid.request.user).toEqual(user);

    authenticate.mockResolvedValueOnce(null);
    const bad = contextFor(false, { authorization: 'Bearer x.y.z' }, true);
    await expect(bad.guard.canActivate(bad.context)).rejects.toBeInstanceOf(UnauthorizedException);
    const malformed = contextFor(false, { authorization: 'Basic abc' }, true);
    await expect(malformed.guard.canActivate(malformed.context)).rejects.toBeInstanceOf(UnauthorizedException);
  });
});
