import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../../src/modules/auth/password-hasher';
import type { User } from '../../src/modules/auth/user';

export const TEST_PASSWORD = 'Harbor-Lantern-74';
let testPasswordHash: Promise<string> | undefined;

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export function buildUser(overrides: Partial<Omit<TestUser, 'id'>> = {}): Omit<TestUser, 'id'> {
  const tag = randomUUID().slice(0, 8);
  return { email: `patient.${tag}@example.com`, firstName: 'Ada', lastName: `Tester${tag}`, password: TEST_PASSWORD, ...overrides };
}

/** An account as repositories hand it to services, in memory (unit specs). */
export function buildAccount(overrides: Partial<User> = {}): User {
  const { email, firstName, lastName } = buildUser();
  return {
    id: randomUUID(),
    email,
    firstName,
    lastName,
    role: 'patient',
    phoneNumber: null,
    address1: null,
    city: null,
    district: null,
    state: null,
    postalCode: null,
    birthdate: null,
    gender: null,
    ...overrides,
  };
}

/** A persisted user whose password is TEST_PASSWORD (hashed once per test file). */
export async function createUser(dataSource: DataSource, overrides: Partial<Omit<TestUser, 'id' | 'password'>> = {}): Promise<TestUser> {
  const user = buildUser(overrides);
  testPasswordHash ??= new PasswordHasher().hash(TEST_PASSWORD);
  const rows: { id: string }[] = await dataSource.query(
    `INSERT INTO users (email, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4) RETURNING id`,
    [user.email, user.firstName, user.lastName, await testPasswordHash],
  );
  return { id: rows[0].id, ...user };
}
