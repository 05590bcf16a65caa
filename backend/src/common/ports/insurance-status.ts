/**
 * Port: whether the user has linked insurance (login answers `hasInsurance`). The insurers module provides it;
 * auth sits below it and never imports it.
 */
export abstract class InsuranceStatus {
  abstract hasInsurance(userId: string): Promise<boolean>;
}
