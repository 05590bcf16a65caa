// The plans feature's pieces for src/app (features never import each other): the dashboard's Medicare Options
// widget and the profile page's alert setting.
export { MedicareOptionsWidget, MEDICARE_OPTIONS_PATH } from './components/MedicareOptionsWidget';
export { PlanAlertsSection } from './components/PlanAlertsSection';
