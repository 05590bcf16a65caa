import { Container } from '@healthlink/web-ui';

export function DeleteAccountPage() {
  return (
    <Container className="page">
      <h1>Delete Account</h1>
    </Container>
  );
}
