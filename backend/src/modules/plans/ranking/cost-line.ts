import type { PlanEstimateLine } from '@healthlink/contracts';
import type { ServiceCategory } from '../plan-types';
import { formatMoney, type Cents } from './money';

/** A line of the arithmetic in cents; formatted into the contract's PlanEstimateLine at the edge. */
export interface CostLine {
  label: string;
  planText: string | null;
  calculation: string;
  amount: Cents;
  count: number;
}

export const toEstimateLine = (line: CostLine): PlanEstimateLine => ({ ...line, amount: formatMoney(line.amount) });

/** "1 visit", "4 visits". */
export const counted = (count: number, noun: string, plural = `${noun}s`): string => `${count} ${count === 1 ? noun : plural}`;

/** "1 30-day supply", "12 30-day supplies". */
export const supplyCount = (count: number): string => counted(count, '30-day supply', '30-day supplies');

/** How a patient reads each category, and what one unit of it is called. */
export const CATEGORY_WORDS: Record<ServiceCategory, { label: string; unit: string }> = {
  primaryCare: { label: 'Primary doctor visits', unit: 'primary doctor visit' },
  specialist: { label: 'Specialist visits', unit: 'specialist visit' },
  preventive: { label: 'Preventive care', unit: 'preventive service' },
  emergency: { label: 'Emergency room', unit: 'emergency room visit' },
  urgentCare: { label: 'Urgent care', unit: 'urgent care visit' },
  inpatient: { label: 'Hospital stays', unit: 'hospital stay' },
  skilledNursing: { label: 'Skilled nursing facility', unit: 'skilled nursing stay' },
  outpatientHospital: { label: 'Outpatient hospital and surgery', unit: 'outpatient bill' },
  ambulance: { label: 'Ambulance', unit: 'ambulance ride' },
  labs: { label: 'Lab tests', unit: 'lab bill' },
  diagnosticTests: { label: 'Diagnostic tests and procedures', unit: 'test' },
  diagnosticRadiology: { label: 'Diagnostic radiology (CT, MRI, ultrasound)', unit: 'scan' },
  outpatientXray: { label: 'X-rays', unit: 'x-ray bill' },
  physicalTherapy: { label: 'Physical and speech therapy', unit: 'therapy visit' },
  occupationalTherapy: { label: 'Occupational therapy', unit: 'therapy visit' },
  mentalHealth: { label: 'Mental health care', unit: 'mental health visit' },
  durableEquipment: { label: 'Medical equipment and supplies', unit: 'equipment bill' },
  partBDrugs: { label: 'Drugs given by a doctor (Part B)', unit: 'drug bill' },
  dialysis: { label: 'Dialysis', unit: 'dialysis bill' },
  telehealth: { label: 'Telehealth visits', unit: 'telehealth visit' },
  other: { label: 'Other medical services', unit: 'bill' },
};
