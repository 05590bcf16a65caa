// The AI dashboard page, for src/app to compose with the data widgets (features never import each other).
export { AiDashboardPage, type AiDashboardPageProps } from './routes/AiDashboardPage';
