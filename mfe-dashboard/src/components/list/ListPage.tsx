import type { ReactNode } from 'react';
import { Container } from '@healthlink/web-ui';
import { usePageTitle } from '@healthlink/web-runtime';
import { BackToDashboard } from './BackToDashboard';
import './list-page.css';

export interface ListPageProps {
  /** The page's h1 and document title. */
  title: string;
  intro: string;
  /** The list widget (variant "page"), with whatever goes above it (e.g. a search). */
  children: ReactNode;
}

/** A list page's frame (part 2 §2): the way back to the dashboard, the title, one line of intro, then the list. */
export function ListPage({ title, intro, children }: ListPageProps) {
  usePageTitle(title);
  return (
    <Container className="page list-page">
      <BackToDashboard />
      <h1>{title}</h1>
      <p className="list-page__intro">{intro}</p>
      {children}
    </Container>
  );
}
