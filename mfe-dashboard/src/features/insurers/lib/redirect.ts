/** Leaves the app for the insurer's sign-in page (a full navigation; its own module so tests can replace it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
