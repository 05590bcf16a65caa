import { Container } from '@healthlink/web-ui';

export function SavingsLookupPage() {
  return (
    <Container className="page">
      <h1>Coupon-Service Savings Lookup</h1>
    </Container>
  );
}
