import { normalizeEmail, type UserRole } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { StaffRolesRepository, type StaffMember, type StaffRoleAction } from './staff-roles.repository';

export type { StaffMember, StaffRoleAction };

/** What a grant or revoke did: `unchanged` when the account already had that role (nothing recorded). */
export type StaffRoleChangeOutcome =
  | { outcome: 'changed'; email: string; role: UserRole }
  | { outcome: 'unchanged'; email: string; role: UserRole }
  | { outcome: 'unknown-email'; email: string };

const ROLE_AFTER: Record<StaffRoleAction, UserRole> = { grant: 'staff', revoke: 'patient' };
const MAX_CHANGED_BY = 200;

/** Who is staff: read on every staff request (a change counts at the next one), changed only by the operator command. */
@Injectable()
export class StaffRolesService {
  constructor(private readonly roles: StaffRolesRepository) {}

  /** The account's role now, from the database (never a cache); null when the account is gone. */
  roleOf(userId: string): Promise<UserRole | null> {
    return this.roles.roleOf(userId);
  }

  /**
   * Grants or revokes staff and records who did it, in one transaction (the account row locked, so two operators at
   * once record one change, not two). `changedBy` is the operator's name as given.
   */
  async change(email: string, action: StaffRoleAction, changedBy: string): Promise<StaffRoleChangeOutcome> {
    const who = changedBy.trim();
    if (who.length === 0 || who.length > MAX_CHANGED_BY || /\p{Cc}/u.test(who)) {
      throw new RangeError(`the operator's name must be 1 to ${MAX_CHANGED_BY} printable characters`);
    }
    const address = normalizeEmail(email);
    const role = ROLE_AFTER[action];
    return this.roles.transaction(async (manager) => {
      const account = await this.roles.lockByEmail(manager, address);
      if (!account) return { outcome: 'unknown-email', email: address };
      if (account.role === role) return { outcome: 'unchanged', email: account.email, role };
      await this.roles.setRole(manager, account.id, role);
      await this.roles.recordChange(manager, account.id, action, who);
      return { outcome: 'changed', email: account.email, role };
    });
  }

  listStaff(): Promise<StaffMember[]> {
    return this.roles.listStaff();
  }
}

/** The service on a bare DataSource, for the operator command (`npm run staff`), which runs outside Nest. */
export function staffRolesOn(dataSource: DataSource): StaffRolesService {
  return new StaffRolesService(new StaffRolesRepository(dataSource));
}
