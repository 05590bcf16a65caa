// The medical-tips feature's widget, for the dashboard (src/app composes it; features never import each other).
export { MedicalTipsWidget } from './components/MedicalTipsWidget';
