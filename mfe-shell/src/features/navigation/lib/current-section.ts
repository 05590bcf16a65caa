/** The header sections the spec highlights (part 1 §2). */
export type NavSection = 'home' | 'about' | 'contact' | 'register' | 'dashboard';

const SECTION_BY_PATH: Record<string, NavSection> = {
  '/': 'home',
  '/about': 'about',
  '/curesAct': 'about',
  '/contact': 'contact',
  '/register': 'register',
  '/app/dashboard': 'dashboard',
};

export function sectionForPath(pathname: string): NavSection | null {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTION_BY_PATH[normalised] ?? null;
}
