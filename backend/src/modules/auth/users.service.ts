import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from './entities/user.entity';
import { UserProfileColumns, UsersRepository } from './users.repository';

/** What other modules may do with the account record (accounts: profile and deletion). */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

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
