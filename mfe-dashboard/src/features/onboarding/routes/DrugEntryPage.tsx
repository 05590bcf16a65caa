import { Container } from '@healthlink/web-ui';

export function DrugEntryPage() {
  return (
    <Container className="page">
      <h1>Add a Prescription</h1>
    </Container>
  );
}
