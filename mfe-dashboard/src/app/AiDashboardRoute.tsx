import { AiDashboardPage } from '../features/ai-dashboard';
import { HealthHistoryWidget } from '../features/health-history';
import { RxHistoryWidget } from '../features/rx';
import { useUser } from '../features/account/api/get-user';

/** /app/aiDashboard composed: the AI dashboard with the Rx and health history widgets and the member's name. */
export function AiDashboardRoute() {
  const user = useUser();
  return <AiDashboardPage RxHistory={RxHistoryWidget} HealthHistory={HealthHistoryWidget} firstName={user.data?.firstName} />;
}
