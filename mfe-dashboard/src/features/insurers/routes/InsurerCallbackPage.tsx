import { Container } from '@healthlink/web-ui';

export function InsurerCallbackPage() {
  return (
    <Container className="page">
      <h1>Connecting Your Insurance</h1>
    </Container>
  );
}
