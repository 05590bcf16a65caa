import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthError } from './auth.errors';
import type { AuthenticatedUser } from './authenticated-user';
import { StaffRolesService } from './staff-roles.service';

/**
 * The guard of @StaffOnly(): runs after the global JwtAuthGuard has proven the session, and reads the caller's role
 * from the database on every request, so a grant or revoke counts at the next request, not at the next sign-in.
 */
@Injectable()
export class StaffOnlyGuard implements CanActivate {
  constructor(private readonly roles: StaffRolesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser | null }>().user;
    if (!user) throw new UnauthorizedException();
    const role = await this.roles.roleOf(user.userId);
    // The account went away under a live token: as for any ended session.
    if (role === null) throw new UnauthorizedException();
    if (role !== 'staff') throw AuthError.staffOnly();
    return true;
  }
}
