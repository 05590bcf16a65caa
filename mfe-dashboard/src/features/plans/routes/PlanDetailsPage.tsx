import { Container } from '@healthlink/web-ui';

export function PlanDetailsPage() {
  return (
    <Container className="page">
      <h1>Plan Details</h1>
    </Container>
  );
}
