import { Container } from '@healthlink/web-ui';

export function AboutPage() {
  return (
    <Container className="page">
      <h1>About Us</h1>
    </Container>
  );
}
