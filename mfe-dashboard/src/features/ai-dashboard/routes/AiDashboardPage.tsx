import { Container } from '@healthlink/web-ui';

export function AiDashboardPage() {
  return (
    <Container className="page">
      <h1>AI Dashboard</h1>
    </Container>
  );
}
