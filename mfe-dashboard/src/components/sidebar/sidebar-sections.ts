/**
 * The dashboards' sections (part 2 §2): their anchors and titles, shared by the sidebar and the pages that render
 * them, so an anchor always finds its section.
 */
export const SECTIONS = {
  rxHistory: { id: 'rx-history', title: 'Rx History' },
  rxInteractions: { id: 'rx-interactions', title: 'Rx Interactions' },
  healthHistory: { id: 'health-history', title: 'Health History' },
  medicalTips: { id: 'medical-tips', title: 'Medical Tips' },
  clinicalTrials: { id: 'clinical-trials', title: 'Clinical Trials' },
  medicareOptions: { id: 'medicare-options', title: 'Medicare Options' },
  symptomMonitoring: { id: 'symptom-monitoring', title: 'Symptom Monitoring' },
  recommendedTests: { id: 'recommended-tests', title: 'Recommended Tests' },
  procedures: { id: 'procedures', title: 'Procedures' },
  yourMedicalData: { id: 'your-medical-data', title: 'Your Medical Data' },
} as const;
export type SectionKey = keyof typeof SECTIONS;

/** Normal mode: Add Insurance, then these anchors (Medical Tips has a section but no anchor, as the spec lists). */
export const NORMAL_ANCHORS: readonly SectionKey[] = ['rxHistory', 'rxInteractions', 'healthHistory', 'clinicalTrials', 'medicareOptions'];
/** AI mode: Add Insurance, then these anchors. */
export const AI_ANCHORS: readonly SectionKey[] = [
  'symptomMonitoring',
  'recommendedTests',
  'procedures',
  'yourMedicalData',
  'rxHistory',
  'healthHistory',
];

export type SidebarMode = 'normal' | 'ai';
export const ANCHORS_OF: Record<SidebarMode, readonly SectionKey[]> = { normal: NORMAL_ANCHORS, ai: AI_ANCHORS };

/** Where each mode lives: AI mode is the AI dashboard's page, normal mode the dashboard's. */
export const DASHBOARD_PATH: Record<SidebarMode, string> = { normal: '/app/dashboard', ai: '/app/aiDashboard' };

/** Part 2 §9: a chosen section lands this far below the top of the window (the header, and the Menu bar). */
export const SCROLL_OFFSET_PX = 80;
export const SMALL_SCREEN_SCROLL_OFFSET_PX = 120;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Scrolls the section to `offset` px below the top (smoothly unless the member asked for reduced motion) and moves
 * keyboard focus to its heading, so Tab carries on from there.
 */
export function goToSection(id: string, offset: number): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
  const top = section.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: reduced ? 'auto' : 'smooth' });
  const target = section.querySelector<HTMLElement>('h2[tabindex="-1"]') ?? section;
  if (target === section && !section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
