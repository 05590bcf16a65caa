import { AuthErrorCode, STAFF_ONLY_MESSAGE } from '@healthlink/contracts';
import { ExecutionContext, HttpStatus, UnauthorizedException } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { randomUUID } from 'node:crypto';
import { strictMock } from '../../../test/utils/strict-mock';
import { assertCacheableRoute } from '../health-data/user-data-read-cache.interceptor';
import { AuthError } from './auth.errors';
import { IS_STAFF_ONLY_KEY, StaffOnly } from './staff-only.decorator';
import { StaffOnlyGuard } from './staff-only.guard';
import type { StaffRolesService } from './staff-roles.service';

describe('StaffOnlyGuard', () => {
  const userId = randomUUID();
  const roles = strictMock<StaffRolesService>();
  const guard = new StaffOnlyGuard(roles);
  const contextFor = (user: unknown) => ({ switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as unknown as ExecutionContext;

  beforeEach(() => roles.roleOf.mockReset());

  it('lets staff through, reading the role at every request (a change counts at the next one)', async () => {
    roles.roleOf.mockResolvedValueOnce('staff').mockResolvedValueOnce('patient');
    await expect(guard.canActivate(contextFor({ userId }))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor({ userId }))).rejects.toBeInstanceOf(AuthError);
    expect(roles.roleOf).toHaveBeenCalledTimes(2);
    expect(roles.roleOf).toHaveBeenCalledWith(userId);
  });

  it('answers a patient 403 AUTH.STAFF_ONLY with the staff-only message', async () => {
    roles.roleOf.mockResolvedValue('patient');
    const refusal = await guard.canActivate(contextFor({ userId })).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AuthError);
    expect(refusal).toMatchObject({ code: AuthErrorCode.StaffOnly, message: STAFF_ONLY_MESSAGE });
    expect((refusal as AuthError).status).toBe(HttpStatus.FORBIDDEN);
  });

  it('answers 401 without a caller, or when the account is gone', async () => {
    await expect(guard.canActivate(contextFor(null))).rejects.toBeInstanceOf(UnauthorizedException);
    roles.roleOf.mockResolvedValue(null);
    await expect(guard.canActivate(contextFor({ userId }))).rejects.toBeInstanceOf(UnauthorizedException);
  });

  it('@StaffOnly() marks the route and adds its guard, so the read cache refuses the route', () => {
    class Controller {
      @StaffOnly()
      handler(): void {}
    }
    const handler = Object.getOwnPropertyDescriptor(Controller.prototype, 'handler')?.value as object;
    expect(Reflect.getMetadata(IS_STAFF_ONLY_KEY, handler)).toBe(true);
    expect(Reflect.getMetadata(GUARDS_METADATA, handler)).toEqual([StaffOnlyGuard]);
    expect(() => assertCacheableRoute(handler, Controller)).toThrow(GUARDS_METADATA);
  });
});
