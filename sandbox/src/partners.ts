import type { SandboxConfig } from './config';
import { createInsurersPartner } from './insurers/insurers.partner';
import { createMailPartner } from './mail/mail.partner';
import type { SandboxPartner } from './partner';

// Partners are added here as the product grows (coupon service, broker CRM, AI, trials).
export function createPartners(config: SandboxConfig): SandboxPartner[] {
  const insurers = createInsurersPartner({ fhirOrigins: config.fhirOrigins });
  return [createMailPartner(config.smtpPort, config.host), insurers, insurers.blueButtonPaths];
}
