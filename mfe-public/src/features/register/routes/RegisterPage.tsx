import { Container } from '@healthlink/web-ui';

export function RegisterPage() {
  return (
    <Container className="page">
      <h1>Sign Up</h1>
    </Container>
  );
}
