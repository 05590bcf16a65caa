import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, QueryFailedError, Repository } from 'typeorm';
import { UserEntity } from './entities/user.entity';
import type { User, UserCredentials } from './user';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

export type UserProfileColumns = Partial<
  Pick<
    User,
    'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'address1' | 'city' | 'district' | 'state' | 'postalCode' | 'birthdate' | 'gender'
  >
>;

const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION;

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly repository: Repository<UserEntity>) {}

  private repo(manager?: EntityManager): Repository<UserEntity> {
    return manager ? manager.getRepository(UserEntity) : this.repository;
  }

  /** Answers null when the e-mail is taken (unique index), so a race between two sign-ups is a 409, not a 500. */
  async insert(user: NewUser, manager?: EntityManager): Promise<User | null> {
    try {
      const result = await this.repo(manager).insert({ ...user, passwordChangedAt: new Date() });
      return this.findById(result.identifiers[0].id as string, manager);
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /**
   * Inserts the account unless the e-mail is taken (ON CONFLICT DO NOTHING, so a caller's transaction stays
   * usable): answers the new account, or null when the e-mail already had one, whoever created it.
   */
  async insertIfNew(user: NewUser, manager?: EntityManager): Promise<User | null> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({ ...user, passwordChangedAt: new Date() })
      .orIgnore()
      .returning('id')
      .updateEntity(false)
      .execute();
    const id = (result.raw as { id: string }[])[0]?.id;
    return id ? this.findById(id, manager) : null;
  }

  async findById(id: string, manager?: EntityManager): Promise<User | null> {
    return toUser(await this.repo(manager).findOneBy({ id }));
  }

  async findByEmail(email: string): Promise<User | null> {
    return toUser(await this.repository.findOneBy({ email }));
  }

  /** The user with the password hash, for a credential check. */
  async findCredentialsByEmail(email: string): Promise<UserCredentials | null> {
    const row = await this.repository.createQueryBuilder('u').addSelect('u.passwordHash').where('u.email = :email', { email }).getOne();
    return row ? { ...(toUser(row) as User), passwordHash: row.passwordHash } : null;
  }

  async passwordHashOf(id: string): Promise<string | null> {
    const row = await this.repository.createQueryBuilder('u').select('u.passwordHash').where('u.id = :id', { id }).getOne();
    return row?.passwordHash ?? null;
  }

  async updatePassword(id: string, passwordHash: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, { passwordHash, passwordChangedAt: new Date() });
  }

  /** Answers false when the new e-mail belongs to someone else. */
  async updateProfile(id: string, changes: UserProfileColumns, manager?: EntityManager): Promise<boolean> {
    if (Object.keys(changes).length === 0) return true;
    try {
      await this.repo(manager).update({ id }, changes);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async delete(id: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}

function toUser(row: UserEntity | null): User | null {
  if (!row) return null;
  const { id, email, firstName, lastName, role, phoneNumber, address1, city, district, state, postalCode, birthdate, gender } = row;
  return { id, email, firstName, lastName, role, phoneNumber, address1, city, district, state, postalCode, birthdate, gender };
}
