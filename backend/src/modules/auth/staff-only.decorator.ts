import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { StaffOnlyGuard } from './staff-only.guard';

export const IS_STAFF_ONLY_KEY = 'auth:isStaffOnly';

/**
 * A staff API: a signed-in caller whose account is not staff gets 403 AUTH.STAFF_ONLY (no session stays a 401).
 * A route guard of its own (not a global one), so the read cache's assertCacheableRoute refuses such a route: a
 * cached answer would skip the role check. The controller's module must import AuthModule (the guard's service).
 */
export const StaffOnly = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_STAFF_ONLY_KEY, true), UseGuards(StaffOnlyGuard));
