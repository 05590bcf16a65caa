import { Container } from '@healthlink/web-ui';

export function PrivacyPolicyPage() {
  return (
    <Container className="page">
      <h1>Privacy Policy</h1>
    </Container>
  );
}
