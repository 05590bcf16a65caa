import { Container } from '@healthlink/web-ui';

export function InsurerUptimeCheckPage() {
  return (
    <Container className="page">
      <h1>Insurer Uptime Check</h1>
    </Container>
  );
}
