import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Button, Container, Spinner } from '@healthlink/web-ui';
import { useSessionUser } from '../api/get-session-user';
import { StaffAccessTexts } from '../lib/staff-access-texts';
import { StaffOnlyPage } from './StaffOnlyPage';
import './staff-access.css';

/** How far the /api/user read had got when Retry was pressed: a later answer or failure is the retry's outcome. */
interface Answered {
  errors: number;
  dataAt: number;
}

/**
 * Shows `children` (a staff page) only to a session the server says is staff (GET /api/user's `role`); others get
 * the staff-only page. A courtesy, not the protection: every staff API checks the role on the server. While the
 * role is unknown nothing of the page shows, and a failed read offers Retry, never the page. An answer without a
 * role (an older server) counts as not staff.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const session = useSessionUser();
  const areaRef = useRef<HTMLDivElement>(null);
  const retriedAt = useRef<Answered | null>(null);

  // Retry's button goes away while the read runs; when its outcome shows, focus moves to it, not to the body.
  useEffect(() => {
    const since = retriedAt.current;
    if (!since || session.isFetching) return;
    if (session.errorUpdateCount > since.errors || session.dataUpdatedAt > since.dataAt) {
      retriedAt.current = null;
      areaRef.current?.focus();
    }
  }, [session.isFetching, session.errorUpdateCount, session.dataUpdatedAt]);

  const retry = () => {
    retriedAt.current = { errors: session.errorUpdateCount, dataAt: session.dataUpdatedAt };
    void session.refetch();
  };

  let content: ReactNode;
  // A known answer stands while a later read runs or fails (a tab refocused during an outage keeps a staff
  // member's work on screen); the role itself is enforced by the APIs at every call.
  if (session.data)
    content =
      session.data.role === 'staff' ? (
        // The page's lazy chunk suspends here, inside the gate, so the gate (and its focus after Retry) stays mounted.
        <Suspense
          fallback={
            <div className="hl-remote-loading" role="status">
              <Spinner label="Loading page" />
            </div>
          }
        >
          {children}
        </Suspense>
      ) : (
        <StaffOnlyPage />
      );
  else if (session.isError)
    content = (
      <Container className="page">
        <div className="staff-gate__problem" role="alert">
          <p>{StaffAccessTexts.checkFailed}</p>
          <Button variant="secondary" onClick={retry}>
            {StaffAccessTexts.retry}
          </Button>
        </div>
      </Container>
    );
  else
    content = (
      <Container className="page">
        <p className="staff-gate__status" role="status">
          <span className="hl-spinner" aria-hidden="true">
            <span className="hl-spinner__circle" />
          </span>
          {StaffAccessTexts.checking}
        </p>
      </Container>
    );

  return (
    <div ref={areaRef} className="staff-gate" tabIndex={-1}>
      {content}
    </div>
  );
}

/** `Page` behind the staff gate: the route table wraps each staff page with it. */
export function staffOnly(Page: ComponentType): ComponentType {
  function StaffOnlyRoute() {
    return (
      <StaffGate>
        <Page />
      </StaffGate>
    );
  }
  StaffOnlyRoute.displayName = `StaffOnly(${Page.displayName ?? Page.name ?? 'Page'})`;
  return StaffOnlyRoute;
}
