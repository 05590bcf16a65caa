import { Injectable } from '@nestjs/common';
import { InsuranceStatus } from '../../common/ports';
import { InsurersRepository } from './insurers.repository';

/** Login's `hasInsurance`: the user has linked an insurer. */
@Injectable()
export class InsurerLinksInsuranceStatus extends InsuranceStatus {
  constructor(private readonly repository: InsurersRepository) {
    super();
  }

  override async hasInsurance(userId: string): Promise<boolean> {
    return (await this.repository.usableLinks(userId)).length > 0;
  }
}
