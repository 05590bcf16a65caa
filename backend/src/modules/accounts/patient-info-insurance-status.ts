import { Injectable } from '@nestjs/common';
import { InsuranceStatus } from '../auth';
import { PatientInfoRepository } from './patient-info.repository';

/** Health setup is done once an insurer has reported the patient's demographics (spec part 1 §3). */
@Injectable()
export class PatientInfoInsuranceStatus extends InsuranceStatus {
  constructor(private readonly patientInfo: PatientInfoRepository) {
    super();
  }

  override hasInsurance(userId: string): Promise<boolean> {
    return this.patientInfo.existsForUser(userId);
  }
}
