import { Container } from '@healthlink/web-ui';

export function MedicareOptionsPage() {
  return (
    <Container className="page">
      <h1>Medicare Options</h1>
    </Container>
  );
}
