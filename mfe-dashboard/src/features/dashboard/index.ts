// The dashboard page, for src/app to compose with the data widgets (features never import each other).
export { DashboardPage, type DashboardPageProps } from './routes/DashboardPage';
