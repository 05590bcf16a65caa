import { Container } from '@healthlink/web-ui';

export function DashboardPage() {
  return (
    <Container className="page">
      <h1>Dashboard</h1>
    </Container>
  );
}
