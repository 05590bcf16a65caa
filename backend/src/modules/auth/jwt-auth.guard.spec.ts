import { UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, serviceUnavailableError } from '../../common/errors';
import { JwtAuthGuard } from './jwt-auth.guard';

describe('JwtAuthGuard.handleRequest', () => {
  const guard = new JwtAuthGuard(new Reflector());

  it('passes a 503 from the session check on instead of turning it into a 401', () => {
    const unavailable = serviceUnavailableError(new Error('connect ECONNREFUSED'));
    expect(() => guard.handleRequest(unavailable, false)).toThrow(unavailable);
    expect(unavailable).toBeInstanceOf(AppError);
  });

  it('answers 401 for a refused token or another failure', () => {
    expect(() => guard.handleRequest(null, false)).toThrow(UnauthorizedException);
    expect(() => guard.handleRequest(new Error('jwt malformed'), false)).toThrow(UnauthorizedException);
  });

  it('answers the user of a checked token', () => {
    const user = { userId: 'u', sessionId: 's' };
    expect(guard.handleRequest(null, user)).toBe(user);
  });
});
