// The rx feature's widgets, for the dashboard (src/app composes them; features never import each other).
export { RxHistoryWidget, RX_HISTORY_PATH } from './components/RxHistoryWidget';
export { RxInteractionsWidget, RX_INTERACTIONS_PATH } from './components/RxInteractionsWidget';
