import { useParams, useSearchParams } from 'react-router';
import { INSURER_NAMES, InsurerTexts, isInsurerKey, type InsurerKey } from '@healthlink/contracts';
import { Container } from '@healthlink/web-ui';
import { CallbackErrorView } from '../components/CallbackErrorView';
import { ProgressBar } from '../../../components/progress/ProgressBar';
import { useInsurerCallback } from '../hooks/useInsurerCallback';
import './insurers.css';

function CallbackProgress({ insurer, code, state }: { insurer: InsurerKey; code: string; state: string }) {
  const progress = useInsurerCallback({ insurer, code, state });
  if (progress.failure) return <CallbackErrorView failure={progress.failure} />;
  return (
    <Container className="page insurers insurers--narrow">
      <h1>Connecting Your Insurance</h1>
      <p>
        We are gathering your data from {INSURER_NAMES[insurer]}. This usually takes a few seconds and can take up to about a minute; please
        keep this page open.
      </p>
      <ProgressBar value={progress.value} message={progress.message} label={`Gathering your data from ${INSURER_NAMES[insurer]}`} />
    </Container>
  );
}

/** /intermediary/{insurer}: where the insurer sends the user back with `code` and `state`, or with `error`. */
export function InsurerCallbackPage() {
  const { insurerPathParam = '' } = useParams();
  const [params] = useSearchParams();
  const error = params.get('error') ?? '';
  const description = params.get('error_description') ?? '';
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  if (error || description) return <CallbackErrorView failure={{ error, description }} />;
  if (!isInsurerKey(insurerPathParam)) {
    return (
      <CallbackErrorView
        failure={{ error: InsurerTexts.unknownInsurer, description: `"${insurerPathParam.slice(0, 60)}" is not an insurer we can link.` }}
      />
    );
  }
  if (!code) {
    return (
      <CallbackErrorView
        failure={{
          error: InsurerTexts.authenticationError,
          description: `${INSURER_NAMES[insurerPathParam]} did not send a sign-in code. Please try again.`,
        }}
      />
    );
  }
  // Keyed: a new code (the user linked again) starts the flow afresh.
  return <CallbackProgress key={`${insurerPathParam}:${code}`} insurer={insurerPathParam} code={code} state={state} />;
}
