import { Container } from '@healthlink/web-ui';

export function ClinicalTrialsPage() {
  return (
    <Container className="page">
      <h1>Clinical Trials</h1>
    </Container>
  );
}
