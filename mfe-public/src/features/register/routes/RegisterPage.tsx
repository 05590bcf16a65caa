import { Container } from '@healthlink/web-ui';
import { usePageTitle } from '@healthlink/web-runtime';
import { RegisterForm } from '../components/RegisterForm';
import './register.css';

export function RegisterPage() {
  usePageTitle('Sign Up');
  return (
    <Container className="page register">
      <h1>Sign Up</h1>
      <p className="register__lead">Create your free account to see your health-plan data, prescriptions and savings in one place.</p>
      <RegisterForm />
    </Container>
  );
}
