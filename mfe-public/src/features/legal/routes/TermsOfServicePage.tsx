import { Container } from '@healthlink/web-ui';

export function TermsOfServicePage() {
  return (
    <Container className="page">
      <h1>Terms of Service</h1>
    </Container>
  );
}
