import type { SandboxConfig } from './config';
import { createAiPartner } from './ai/ai.partner';
import { createCouponsPartner } from './coupons/coupons.partner';
import { createCrmPartner } from './crm/crm.partner';
import { createInsurersPartner } from './insurers/insurers.partner';
import { createMailPartner } from './mail/mail.partner';
import type { SandboxPartner } from './partner';
import { createTrialsPartner } from './trials/trials.partner';

// Partners are added here as the product grows (broker CRM, AI).
export function createPartners(config: SandboxConfig): SandboxPartner[] {
  const insurers = createInsurersPartner({ fhirOrigins: config.fhirOrigins });
  return [
    createMailPartner(config.smtpPort, config.host),
    insurers,
    insurers.blueButtonPaths,
    createCouponsPartner({ publicUrl: config.publicUrl }),
    createTrialsPartner(),
    createCrmPartner({ apiKey: config.crmApiKey }),
    createAiPartner({ apiKey: config.aiApiKey }),
  ];
}
