import { normalizeEmail } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { PasswordHasher } from './password-hasher';
import { SessionsService } from './sessions.service';
import type { User } from './user';
import { UserProfileColumns, UsersRepository } from './users.repository';

/** What other modules may do with the account record (accounts: profile and deletion). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * A new account for an e-mail a partner vouched for (referral), with a random password nobody knows (the
   * patient sets one through password recovery). Null when the e-mail already has an account, however it
   * got there (even a sign-up racing this one): a referral never hands out an account it did not create.
   */
  async createForReferral(email: string, names: { firstName: string; lastName: string }, manager?: EntityManager): Promise<User | null> {
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    return this.users.insertIfNew({ email: normalizeEmail(email), ...names, passwordHash }, manager);
  }

  /** Whether an account has this e-mail (normalised as sign-in does). */
  async emailTaken(email: string): Promise<boolean> {
    return (await this.users.findByEmail(normalizeEmail(email))) !== null;
  }

  /** Checks the account's current password (argon2id; a decoy hash when the account is gone). */
  async verifyPassword(id: string, password: string): Promise<boolean> {
    return this.hasher.verify(await this.users.passwordHashOf(id), password);
  }

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** Answers false when a new e-mail is already someone else's. */
  updateProfile(id: string, changes: UserProfileColumns, manager?: EntityManager): Promise<boolean> {
    return this.users.updateProfile(id, changes, manager);
  }

  /** Deletes the account; its sessions, recovery codes and patient info go with it (foreign keys). */
  delete(id: string, manager?: EntityManager): Promise<boolean> {
    this.sessions.forgetUser(id);
    return this.users.delete(id, manager);
  }
}
