import { Container } from '@healthlink/web-ui';

export function HealthSetupPage() {
  return (
    <Container className="page">
      <h1>Set Up Your Health Data</h1>
    </Container>
  );
}
