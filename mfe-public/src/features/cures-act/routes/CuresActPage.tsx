import { Container } from '@healthlink/web-ui';

export function CuresActPage() {
  return (
    <Container className="page">
      <h1>The 21st Century Cures Act</h1>
    </Container>
  );
}
