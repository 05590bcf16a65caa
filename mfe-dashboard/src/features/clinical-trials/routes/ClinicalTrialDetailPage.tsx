import { Container } from '@healthlink/web-ui';

export function ClinicalTrialDetailPage() {
  return (
    <Container className="page">
      <h1>Clinical Trial Details</h1>
    </Container>
  );
}
