import {
  AccountMessages,
  normalizeEmail,
  PROFILE_FIELDS,
  parseProfile,
  type AccountRecord,
  type MessageResponse,
  type PatientInfoEntry,
  type PatientInfoResponse,
  type ProfileField,
  type UpdateProfileRequest,
  type UpdateProfileResponse,
  type UserResponse,
} from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserDataErasure } from '../../common/erasure';
import { InsurerGrants } from '../../common/ports';
import { JobQueueService } from '../../jobs';
import { AuthenticatedUser, UsersService, type User } from '../auth';
import { PollingService } from '../polling';
import { AccountsError } from './accounts.errors';
import { EmailChangeService } from './email-change.service';
import { PatientInfo, PatientInfoColumns, PatientInfoRepository } from './patient-info.repository';

const blankToNull = (value: string | null | undefined): string | null => (value == null || value.trim() === '' ? null : value.trim());

@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersService,
    private readonly patientInfo: PatientInfoRepository,
    private readonly polling: PollingService,
    private readonly dataSource: DataSource,
    private readonly emailChange: EmailChangeService,
    private readonly insurerGrants: InsurerGrants,
    private readonly jobs: JobQueueService,
    private readonly erasure: UserDataErasure,
  ) {}

  async getUser(userId: string): Promise<UserResponse> {
    const user = await this.requireUser(userId);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      postal_code: user.postalCode,
      role: user.role,
    };
  }

  async getPatientInfo(userId: string): Promise<PatientInfoResponse> {
    const [user, rows] = await Promise.all([this.requireUser(userId), this.patientInfo.listForUser(userId)]);
    return { patientInfoEntry: rows.map(toEntry), account: toAccountRecord(user) };
  }

  /**
   * Saves the changed profile fields to the account record and to every patient-info entry (the profile
   * shows the entry when there is one, so an edit must reach it too). Emails stay lower-case and unique.
   * A new sign-in e-mail takes two calls: with the current password, a code goes to the new address and the
   * other fields are saved; with that code, the e-mail switches (EmailChangeService).
   */
  async updateProfile(user: AuthenticatedUser, body: UpdateProfileRequest): Promise<UpdateProfileResponse> {
    const userId = user.userId;
    const given = PROFILE_FIELDS.filter((field) => body[field] !== undefined);
    if (given.length === 0) throw AccountsError.noChanges();
    const parsed = parseProfile(body);
    if (!parsed.ok) throw AccountsError.rule(parsed.problem);
    const changes = parsed.value;
    const current = await this.requireUser(userId);
    const newEmail = changes.email !== undefined && normalizeEmail(changes.email) !== current.email ? normalizeEmail(changes.email) : null;

    if (newEmail && !changes.emailCode) {
      await this.emailChange.requestCode(userId, newEmail, changes.currentPassword);
      const others = given.filter((field) => field !== 'email');
      if (others.length > 0) await this.dataSource.transaction((manager) => this.save(userId, changes, others, manager));
      return { message: AccountMessages.emailCodeSent, pendingEmail: newEmail };
    }
    const pending = newEmail && changes.emailCode ? await this.emailChange.checkCode(userId, newEmail, changes.emailCode) : null;
    await this.dataSource.transaction(async (manager) => {
      await this.save(userId, changes, given, manager);
      if (pending) await this.emailChange.complete(user, pending, manager);
    });
    if (newEmail) await this.emailChange.tellOldAddress(userId, current.email, newEmail, current.firstName);
    return { message: AccountMessages.profileUpdated };
  }

  private async save(userId: string, changes: UpdateProfileRequest, fields: ProfileField[], manager: EntityManager): Promise<void> {
    const value = (field: keyof PatientInfoEntry) =>
      field === 'email' && changes.email ? normalizeEmail(changes.email) : blankToNull(changes[field]);
    const info: PatientInfoColumns = {};
    const mapping: Record<keyof PatientInfoEntry, keyof PatientInfoColumns> = {
      email: 'email',
      phone_number: 'phoneNumber',
      first_name: 'firstName',
      last_name: 'lastName',
      street_address: 'streetAddress',
      city: 'city',
      district: 'district',
      state: 'state',
      postal_code: 'postalCode',
      birthdate: 'birthdate',
      gender: 'gender',
    };
    for (const field of fields) (info as Record<string, string | null>)[mapping[field]] = value(field);
    const { streetAddress, ...sameNames } = info;
    const account = { ...sameNames, ...(streetAddress !== undefined ? { address1: streetAddress } : {}) };
    const saved = await this.users.updateProfile(userId, account as Parameters<UsersService['updateProfile']>[1], manager);
    if (!saved) throw AccountsError.emailTaken();
    await this.patientInfo.updateAllOfUser(userId, info, manager);
  }

  /**
   * Deleted at once and for good (the profile page and the privacy policy say so): the insurer grants are revoked
   * first (at the insurer, outside the transaction: network calls), then in one transaction the polling events,
   * every pg-boss job naming the user, the records other modules registered erasers for (error log, contact
   * messages, referral codes) and the account itself, whose foreign keys take sessions, resets and health data.
   */
  async deleteAccount(user: AuthenticatedUser): Promise<MessageResponse> {
    const account = await this.requireUser(user.userId);
    await this.insurerGrants.revokeAll(account.id);
    const subject = { userId: account.id, email: account.email };
    await this.dataSource.transaction(async (manager) => {
      await this.polling.deleteAllOwnedBy(account.id, manager);
      await this.jobs.deleteJobsOf(subject, manager);
      await this.erasure.eraseAll(subject, manager);
      const deleted = await this.users.delete(account.id, manager);
      if (!deleted) throw AccountsError.notFound();
    });
    return { message: AccountMessages.accountDeleted };
  }

  private async requireUser(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw AccountsError.notFound();
    return user;
  }
}

function toEntry(row: PatientInfo): PatientInfoEntry {
  return {
    email: row.email ?? '',
    phone_number: row.phoneNumber,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    street_address: row.streetAddress,
    city: row.city,
    district: row.district,
    state: row.state,
    postal_code: row.postalCode,
    birthdate: row.birthdate,
    gender: row.gender,
  };
}

function toAccountRecord(user: User): AccountRecord {
  return {
    email: user.email,
    phone_number: user.phoneNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    address1: user.address1,
    city: user.city,
    district: user.district,
    state: user.state,
    postalCode: user.postalCode,
    birthdate: user.birthdate,
    gender: user.gender,
  };
}
