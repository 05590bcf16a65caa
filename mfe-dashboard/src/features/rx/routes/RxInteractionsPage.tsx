import { Container } from '@healthlink/web-ui';

export function RxInteractionsPage() {
  return (
    <Container className="page">
      <h1>Rx Interactions</h1>
    </Container>
  );
}
