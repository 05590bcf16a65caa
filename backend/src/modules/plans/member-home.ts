import type { PlanRankPlace } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { PatientInfoRepository } from '../accounts';
import { PlansRepository } from './plans.repository';

/** Where the member lives, as far as plans need: a ZIP, its state when known, and where they came from. */
export interface MemberHome {
  zip: string;
  state: string | null;
  source: PlanRankPlace['source'];
}

const ZIP = /^(\d{5})(?:-?\d{4})?$/;

/**
 * The member's home for the ranking and the searches alike: the contact form's ZIP and state (the member told us for
 * this), else the newest ZIP of the profile with its state. Null when neither gives a ZIP.
 */
@Injectable()
export class MemberHomeReader {
  constructor(
    private readonly repository: PlansRepository,
    private readonly patientInfo: PatientInfoRepository,
  ) {}

  async homeOf(userId: string): Promise<MemberHome | null> {
    const contact = await this.repository.findContact(userId);
    if (contact) return { zip: contact.postalCode, state: contact.state, source: 'contact' };
    let postal: string | null = null;
    let state: string | null = null;
    for (const info of await this.patientInfo.listForUser(userId)) {
      if (info.postalCode?.trim()) {
        postal = info.postalCode.trim();
        state = info.state?.trim().toUpperCase() || null;
      }
    }
    const zip = postal ? ZIP.exec(postal)?.[1] : undefined;
    return zip ? { zip, state: state && /^[A-Z]{2}$/.test(state) ? state : null, source: 'profile' } : null;
  }
}
