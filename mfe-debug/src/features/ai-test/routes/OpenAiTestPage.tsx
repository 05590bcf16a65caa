import { Container } from '@healthlink/web-ui';

export function OpenAiTestPage() {
  return (
    <Container className="page">
      <h1>AI Test Tools</h1>
    </Container>
  );
}
