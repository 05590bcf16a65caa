import { Container } from '@healthlink/web-ui';

export function RxHistoryPage() {
  return (
    <Container className="page">
      <h1>Rx History</h1>
    </Container>
  );
}
