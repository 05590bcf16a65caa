import { Container } from '@healthlink/web-ui';

export function HealthHistoryPage() {
  return (
    <Container className="page">
      <h1>Health History</h1>
    </Container>
  );
}
