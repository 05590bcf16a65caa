import { Container } from '@healthlink/web-ui';

export function DrugLookupPage() {
  return (
    <Container className="page">
      <h1>Add a prescription medication to find coupons</h1>
    </Container>
  );
}
