import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { APP_ROUTES, type AppRoute } from '@healthlink/contracts';
import { RemoteArea, useSession } from '@healthlink/web-runtime';
import { NotFoundPage } from '../features/not-found/routes/NotFoundPage';

/** Login-required pages send a visitor without a valid session to / (spec part 1 §2). */
function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? children : <Navigate to="/" replace />;
}

function elementFor(route: AppRoute) {
  // Keyed by remote: moving between pages of one remote keeps its area (no reload flash).
  const area = <RemoteArea key={route.remote} remote={route.remote} page={route.page} />;
  return route.access === 'login' ? <RequireLogin key={route.remote}>{area}</RequireLogin> : area;
}

export function AppRoutes() {
  return (
    <Routes>
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={elementFor(route)} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
