import { Container } from '@healthlink/web-ui';

export function InsuranceSelectPage() {
  return (
    <Container className="page">
      <h1>Choose Your Insurance Company</h1>
    </Container>
  );
}
