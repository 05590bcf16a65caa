import { Container } from '@healthlink/web-ui';

export function CouponsPage() {
  return (
    <Container className="page">
      <h1>Drug Coupons</h1>
    </Container>
  );
}
