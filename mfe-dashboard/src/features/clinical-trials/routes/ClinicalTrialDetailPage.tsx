import { useId, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { clinicalTrialRegistryUrl } from '@healthlink/contracts';
import { Button, buttonClassName, Container, VisuallyHidden } from '@healthlink/web-ui';
import { usePageTitle } from '@healthlink/web-runtime';
import { TrialStatusBadge } from '../components/TrialStatusBadge';
import { ClinicalTrialsTexts } from '../lib/clinical-trials-texts';
import { DETAIL_PARAMS, isShortened, normalizeNctId, readTrialDetail } from '../lib/trial-detail-link';
import { CLINICAL_TRIALS_PATH } from '../lib/trial-paths';
import { ageGroupWords, formatStudyDate, interventionTypeWords, phaseWords, sexWords } from '../lib/trial-words';
import '../components/clinical-trials.css';

// A malformed identifier is quoted back to the member, never at any length.
const QUOTED_MAX_LENGTH = 40;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="trial-detail__fact">
      <dt>{term}</dt>
      <dd>{children ?? ClinicalTrialsTexts.notGiven}</dd>
    </div>
  );
}

const orNotGiven = (value: string | null | undefined): string => value || ClinicalTrialsTexts.notGiven;
const listOrNotGiven = (items: readonly string[], words: (item: string) => string = (item) => item): string =>
  items.length ? items.map(words).join(', ') : ClinicalTrialsTexts.notGiven;

/** A section of the page, labelled by its heading (a landmark a screen reader can jump to). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="trial-detail__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** A registry text (summary, description, criteria), its line breaks kept; a text the link shortened says so. */
function LongText({ text }: { text: string | null }) {
  if (!text) return <p className="trial-detail__none">{ClinicalTrialsTexts.notGiven}</p>;
  return (
    <>
      <p className="trial-detail__text">{text}</p>
      {isShortened(text) && <p className="trial-detail__shortened">{ClinicalTrialsTexts.shortened}</p>}
    </>
  );
}

/** Back and View Full Trial (part 2 §2), at the top and the bottom of the page. */
function TrialActions({ nctId, onBack }: { nctId: string | null; onBack: () => void }) {
  return (
    <div className="trial-detail__actions">
      <Button variant="secondary" onClick={onBack}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Back
      </Button>
      {nctId && (
        <a className={buttonClassName('primary')} href={clinicalTrialRegistryUrl(nctId)} target="_blank" rel="noopener noreferrer">
          View Full Trial
          <VisuallyHidden> (opens ClinicalTrials.gov in a new tab)</VisuallyHidden>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </a>
      )}
    </div>
  );
}

/**
 * /clinicalTrialsMore (part 2 §2): one trial, read from the query string, every parameter of the spec in labelled
 * sections (phases, conditions and age groups as lists in words), with Back and View Full Trial at the top and the
 * bottom. View Full Trial opens the study's ClinicalTrials.gov page in a new tab; without a valid NCT number (NCT
 * and 8 digits) there is no such link, and the page says why instead.
 */
export function ClinicalTrialDetailPage() {
  usePageTitle(ClinicalTrialsTexts.detailTitle);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const detail = readTrialDetail(params);
  const rawNctId = detail.nctId;
  const nctId = normalizeNctId(rawNctId);
  const hasAnyParam = DETAIL_PARAMS.some((name) => params.has(name));

  // Back returns where the member came from (the list, the dashboard); a page opened directly goes to the list.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(CLINICAL_TRIALS_PATH));

  if (!hasAnyParam) {
    return (
      <Container className="page trial-detail">
        <h1>{ClinicalTrialsTexts.detailTitle}</h1>
        <p>{ClinicalTrialsTexts.noTrial}</p>
        <Link to={CLINICAL_TRIALS_PATH} className={buttonClassName('primary')}>
          See your clinical trials
        </Link>
      </Container>
    );
  }

  const identifierProblem = nctId
    ? null
    : rawNctId
      ? ClinicalTrialsTexts.malformedNctId(rawNctId.length > QUOTED_MAX_LENGTH ? `${rawNctId.slice(0, QUOTED_MAX_LENGTH)}…` : rawNctId)
      : ClinicalTrialsTexts.missingNctId;

  return (
    <Container className="page trial-detail">
      <TrialActions nctId={nctId} onBack={goBack} />
      <p className="trial-detail__kicker">{nctId ? `Clinical trial ${nctId}` : 'Clinical trial'}</p>
      {/* The official title is the page's heading (the spec's parameters carry no brief title). */}
      <h1>{detail.officialTitle ?? ClinicalTrialsTexts.detailTitle}</h1>
      {identifierProblem && (
        <p className="trial-detail__problem" role="alert">
          {identifierProblem}
        </p>
      )}

      <Section title="Overview">
        <dl className="trial-detail__facts">
          <Fact term="Organization">{orNotGiven(detail.organization)}</Fact>
          <Fact term="NCT number">{nctId ?? orNotGiven(rawNctId)}</Fact>
          <Fact term="Status">
            <TrialStatusBadge status={detail.overallStatus} />
          </Fact>
          <Fact term="Phases">{listOrNotGiven(detail.phases, phaseWords)}</Fact>
          <Fact term="Conditions">{listOrNotGiven(detail.conditions)}</Fact>
        </dl>
      </Section>

      <Section title="Dates">
        <dl className="trial-detail__facts">
          <Fact term="Start date">{formatStudyDate(detail.startDate)}</Fact>
          <Fact term="Primary completion date">{formatStudyDate(detail.primaryCompletionDate)}</Fact>
          <Fact term="Last update posted">{formatStudyDate(detail.lastUpdatePostDate)}</Fact>
        </dl>
      </Section>

      <Section title="Brief summary">
        <LongText text={detail.briefSummary} />
      </Section>

      <Section title="Detailed description">
        <LongText text={detail.detailedDescription} />
      </Section>

      <Section title="Eligibility">
        <dl className="trial-detail__facts">
          <Fact term="Sex">{detail.sex ? sexWords(detail.sex) : ClinicalTrialsTexts.notGiven}</Fact>
          <Fact term="Minimum age">{orNotGiven(detail.minimumAge)}</Fact>
          <Fact term="Age groups">{listOrNotGiven(detail.stdAges, ageGroupWords)}</Fact>
          <Fact term="Healthy volunteers">
            {detail.healthyVolunteers === null
              ? ClinicalTrialsTexts.notGiven
              : detail.healthyVolunteers
                ? 'Accepts healthy volunteers'
                : 'Does not accept healthy volunteers'}
          </Fact>
        </dl>
        <h3>Eligibility criteria</h3>
        <LongText text={detail.eligibilityCriteria} />
      </Section>

      <Section title="Intervention">
        <dl className="trial-detail__facts">
          <Fact term="Intervention type">
            {detail.interventionType ? interventionTypeWords(detail.interventionType) : ClinicalTrialsTexts.notGiven}
          </Fact>
          <Fact term="Intervention name">{orNotGiven(detail.interventionName)}</Fact>
        </dl>
        <h3>Intervention description</h3>
        <LongText text={detail.interventionDescription} />
      </Section>

      <Section title="Primary outcome">
        <dl className="trial-detail__facts">
          <Fact term="Primary outcome measure">{orNotGiven(detail.primaryOutcomeMeasure)}</Fact>
          <Fact term="Time frame">{orNotGiven(detail.primaryOutcomeTimeFrame)}</Fact>
        </dl>
      </Section>

      <TrialActions nctId={nctId} onBack={goBack} />
    </Container>
  );
}
