import { Link } from 'react-router';
import { InsurerTexts } from '@healthlink/contracts';
import { buttonClassName, Container } from '@healthlink/web-ui';
import type { CallbackFailure } from '../hooks/useInsurerCallback';

const NOT_GIVEN = 'Not provided';

/** Spec part 2 §2: "Error Gathering Data" with Error and Description lines, and the two ways on. */
export function CallbackErrorView({ failure }: { failure: CallbackFailure }) {
  return (
    <Container className="page insurers insurers--narrow">
      <h1>{InsurerTexts.errorGatheringData}</h1>
      <div className="insurer-error" role="alert">
        <p>
          <strong>Error:</strong> {failure.error || NOT_GIVEN}
        </p>
        <p>
          <strong>Description:</strong> {failure.description || NOT_GIVEN}
        </p>
      </div>
      <div className="hl-actions">
        <Link to="/app/dashboard" className={buttonClassName('primary')}>
          Dashboard
        </Link>
        <Link to="/insuranceSelect" className={buttonClassName('secondary')}>
          Select Another Insurance
        </Link>
      </div>
    </Container>
  );
}
