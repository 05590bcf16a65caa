// The health-history feature's widget, for the dashboard (src/app composes it; features never import each other).
export { HealthHistoryWidget, HEALTH_HISTORY_PATH, type HealthHistoryWidgetProps } from './components/HealthHistoryWidget';
