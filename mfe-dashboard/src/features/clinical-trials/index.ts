// The clinical-trials feature's widget, for the dashboard (src/app composes it; features never import each other).
export { ClinicalTrialsWidget, CLINICAL_TRIALS_PATH, type ClinicalTrialsWidgetProps } from './components/ClinicalTrialsWidget';
