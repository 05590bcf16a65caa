export { InsurerGrants } from './insurer-grants';
export { InsuranceStatus } from './insurance-status';
export { SessionValidator } from './session-validator';
