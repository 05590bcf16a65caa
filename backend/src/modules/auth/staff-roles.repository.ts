import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UserRole } from '@healthlink/contracts';
import type { DataSource, EntityManager } from 'typeorm';

export type StaffRoleAction = 'grant' | 'revoke';

export interface RoleHolder {
  id: string;
  email: string;
  role: UserRole;
}

export interface StaffMember {
  email: string;
  firstName: string;
  lastName: string;
  /** The last grant's record; null for staff named before the record existed (a direct SQL update). */
  grantedBy: string | null;
  grantedAt: Date | null;
}

/**
 * `users.role` and its record `staff_role_changes`, in plain SQL on a DataSource: the operator command uses it
 * outside Nest (no entities), the staff guard inside.
 */
@Injectable()
export class StaffRolesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async roleOf(userId: string): Promise<UserRole | null> {
    const rows: { role: UserRole }[] = await this.dataSource.query('SELECT role FROM users WHERE id = $1', [userId]);
    return rows[0]?.role ?? null;
  }

  /** The account of this (lower-case) e-mail, locked for the rest of the caller's transaction. */
  async lockByEmail(manager: EntityManager, email: string): Promise<RoleHolder | null> {
    const rows: RoleHolder[] = await manager.query('SELECT id, email, role FROM users WHERE email = $1 FOR UPDATE', [email]);
    return rows[0] ?? null;
  }

  async setRole(manager: EntityManager, userId: string, role: UserRole): Promise<void> {
    await manager.query('UPDATE users SET role = $2, updated_at = now() WHERE id = $1', [userId, role]);
  }

  async recordChange(manager: EntityManager, userId: string, action: StaffRoleAction, changedBy: string): Promise<void> {
    await manager.query('INSERT INTO staff_role_changes (user_id, action, changed_by) VALUES ($1, $2, $3)', [userId, action, changedBy]);
  }

  async listStaff(): Promise<StaffMember[]> {
    const rows: { email: string; first_name: string; last_name: string; changed_by: string | null; created_at: Date | null }[] = await this
      .dataSource.query(`
        SELECT u.email, u.first_name, u.last_name, g.changed_by, g.created_at
        FROM users u
        LEFT JOIN LATERAL (
          SELECT c.changed_by, c.created_at FROM staff_role_changes c
          WHERE c.user_id = u.id AND c.action = 'grant' ORDER BY c.created_at DESC LIMIT 1
        ) g ON true
        WHERE u.role = 'staff'
        ORDER BY u.email`);
    return rows.map((row) => ({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      grantedBy: row.changed_by,
      grantedAt: row.created_at,
    }));
  }
}
