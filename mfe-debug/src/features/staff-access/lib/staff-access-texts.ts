import { STAFF_ONLY_MESSAGE } from '@healthlink/contracts';

/** What the staff gate says (issue 19, point 1); the message itself is the contract's, as the 403 of the APIs says it. */
export const StaffAccessTexts = {
  title: 'Staff only',
  message: STAFF_ONLY_MESSAGE,
  howToGetAccess: 'Ask an administrator to grant you staff access.',
  backToDashboard: 'Back to the dashboard',
  checking: 'Checking your access…',
  checkFailed: 'We could not check your access to this page. Please try again.',
  retry: 'Retry',
} as const;

export const DASHBOARD_PATH = '/app/dashboard';
