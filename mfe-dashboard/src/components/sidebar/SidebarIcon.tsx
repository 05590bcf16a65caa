import type { SectionKey } from './sidebar-sections';

export type SidebarIconName = SectionKey | 'addInsurance' | 'standardView' | 'aiView' | 'collapse' | 'expand' | 'menu' | 'close';

// 24x24 line icons, drawn with the text colour; every one stands beside (or for) a visible or spoken label.
const PATHS: Record<SidebarIconName, string> = {
  addInsurance: 'M12 5v14M5 12h14',
  rxHistory: 'M7 4h7a4 4 0 0 1 0 8H7zM7 4v16M11 12l7 8M18 12l-7 8',
  rxInteractions: 'M4 14a5 5 0 0 1 7-7l6 6a5 5 0 0 1-7 7zM7.5 10.5l6 6',
  healthHistory: 'M3 12h4l2-6 4 12 2-6h6',
  medicalTips: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3z',
  clinicalTrials: 'M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3M7.5 15h9',
  medicareOptions: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  symptomMonitoring: 'M12 21s-8-4.5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6.5-8 11-8 11z',
  recommendedTests: 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9',
  procedures: 'M4 20l9-9M14 4l6 6-7 7-6-6zM16 2l6 6',
  yourMedicalData: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  standardView: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  aiView: 'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  collapse: 'M15 6l-6 6 6 6',
  expand: 'M9 6l6 6-6 6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
};

/** Decorative: the label beside it (visible, or read by assistive tech when collapsed) says what it is. */
export function SidebarIcon({ name }: { name: SidebarIconName }) {
  return (
    <svg className="dash-sidebar__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
