import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from './entities/user.entity';
import { randomBytes } from 'node:crypto';
import { PasswordHasher } from './password-hasher';
import { UserProfileColumns, UsersRepository } from './users.repository';

/** What other modules may do with the account record (accounts: profile and deletion). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * The account for an e-mail a partner vouched for (referral): the existing one, or a new one whose random
   * password nobody knows, so the patient sets one through password recovery when they want to sign in.
   */
  async findOrCreateByEmail(email: string, names: { firstName: string; lastName: string }): Promise<{ user: UserEntity; created: boolean }> {
    const existing = await this.users.findByEmail(email);
    if (existing) return { user: existing, created: false };
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const inserted = await this.users.insert({ email, ...names, passwordHash });
    if (inserted) return { user: inserted, created: true };
    const raced = await this.users.findByEmail(email);
    if (!raced) throw new Error('user vanished after a unique-violation');
    return { user: raced, created: false };
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  /** Answers false when a new e-mail is already someone else's. */
  updateProfile(id: string, changes: UserProfileColumns, manager?: EntityManager): Promise<boolean> {
    return this.users.updateProfile(id, changes, manager);
  }

  /** Deletes the account; its sessions, recovery codes and patient info go with it (foreign keys). */
  delete(id: string, manager?: EntityManager): Promise<boolean> {
    return this.users.delete(id, manager);
  }
}
