import { Injectable, OnModuleInit } from '@nestjs/common';
import { UserDataErasure } from '../../common/erasure';
import { ReferralsRepository } from './referrals.repository';

/** Deleting an account deletes every referral code minted for its e-mail, spent or not (they carry the name). */
@Injectable()
export class ReferralCodesErasure implements OnModuleInit {
  constructor(
    private readonly referrals: ReferralsRepository,
    private readonly erasure: UserDataErasure,
  ) {}

  onModuleInit(): void {
    this.erasure.register('referral-codes', (subject, manager) => this.referrals.deleteFor(subject.email, manager));
  }
}
