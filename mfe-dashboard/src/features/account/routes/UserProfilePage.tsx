import { Container } from '@healthlink/web-ui';

export function UserProfilePage() {
  return (
    <Container className="page">
      <h1>Your Profile</h1>
    </Container>
  );
}
