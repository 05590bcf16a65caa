import { useLocation } from 'react-router';
import { Container } from '@healthlink/web-ui';

// Spec part 2 §2: one page behind four paths, titled by path.
function titleFor(pathname: string): { title: string; subtitle: string } {
  if (pathname === '/errors') return { title: 'Error Logs Query', subtitle: 'Query the errors database to investigate issues.' };
  if (pathname === '/ndcPackages') return { title: 'NDC Packages Query', subtitle: 'Query NDCs by package and dosage.' };
  return { title: 'NDC Products Query', subtitle: 'Query NDCs by name and product info.' };
}

export function QueryToolPage() {
  const { title, subtitle } = titleFor(useLocation().pathname);
  return (
    <Container className="page">
      <h1>{title}</h1>
      <p>{subtitle}</p>
    </Container>
  );
}
