import { Container } from '@healthlink/web-ui';

export function ReferralPage() {
  return (
    <Container className="page">
      <h1>Referral</h1>
    </Container>
  );
}
