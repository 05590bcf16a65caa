import { Link } from 'react-router';
import { Container } from '@healthlink/web-ui';

export function NotFoundPage() {
  return (
    <Container className="page">
      <h1>Page not found</h1>
      <p>We could not find the page you asked for. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Container>
  );
}
