import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The account being deleted: its id and its sign-in e-mail (lower case). */
export interface ErasureSubject {
  userId: string;
  email: string;
}

/** Deletes or anonymises one module's records naming the subject, inside the deletion's transaction. */
export type UserDataEraser = (subject: ErasureSubject, manager: EntityManager) => Promise<void>;

/**
 * Account deletion across modules. A module that keeps records naming a person outside the cascade of the users
 * table (rows keyed by e-mail, logs without a foreign key) registers an eraser in onModuleInit; accounts runs them
 * all in the transaction that deletes the user, so the account never goes while such a record stays.
 */
@Injectable()
export class UserDataErasure {
  private readonly erasers = new Map<string, UserDataEraser>();

  register(name: string, eraser: UserDataEraser): void {
    if (this.erasers.has(name)) throw new Error(`An eraser named "${name}" is already registered`);
    this.erasers.set(name, eraser);
  }

  names(): string[] {
    return [...this.erasers.keys()];
  }

  /** One after the other: they share the transaction's one connection. */
  async eraseAll(subject: ErasureSubject, manager: EntityManager): Promise<void> {
    for (const eraser of this.erasers.values()) await eraser(subject, manager);
  }
}
