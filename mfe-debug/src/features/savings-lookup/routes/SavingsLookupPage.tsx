import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { splitNdcList, type CheckSavingsField, type CheckSavingsResponse } from '@healthlink/contracts';
import { isApiError, usePageTitle } from '@healthlink/web-runtime';
import { Button, Container, FormMessage, TextAreaField, TextField, useFormProblem, type FormProblem } from '@healthlink/web-ui';
import { failureText, isStaffOnlyError } from '../../../components/api-failure';
import { CommonQueriesLink } from '../../../components/CommonQueriesLink';
import { DebugTexts } from '../../../components/debug-texts';
import { StaffOnlyNotice } from '../../../components/StaffOnlyNotice';
import { permalinkFor, useCopyPermalink } from '../../../components/useCopyPermalink';
import '../../../components/debug.css';
import { useCheckSavings } from '../api/check-savings';
import { DebugLinks } from '../components/DebugLinks';
import { SavingsTable } from '../components/SavingsTable';
import { formFromSearch, isSavingsField, requestFromForm, searchFromForm, type SavingsFormValues } from '../lib/savings-params';
import { SavingsTexts } from '../lib/savings-texts';
import '../components/savings-lookup.css';

// Room for the most NDCs a check takes (50), printed with dashes and separators.
const NDC_TEXT_MAX = 1_000;

/** A 400 about one of the form's fields, to show at that field. */
function fieldProblemOf(error: unknown): FormProblem | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const problem = error.fieldErrors.find((fieldError) => isSavingsField(fieldError.field));
  return problem ? { field: problem.field, message: problem.message } : null;
}

/**
 * The coupon-service savings lookup (spec part 2 §2, §5, §8, §9): phone, ZIP, pharmacy NPI and NDCs, kept in the query
 * string. It checks on load and whenever the query string changes; Check Savings writes the form there (or asks
 * again when nothing changed).
 */
export function SavingsLookupPage() {
  usePageTitle(SavingsTexts.title);
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const fromUrl = useMemo(() => formFromSearch(new URLSearchParams(search)), [search]);
  const checked = useMemo(() => requestFromForm(fromUrl), [fromUrl]);
  const [values, setValues] = useState<SavingsFormValues>(fromUrl);
  // Each press of Check Savings is a new check, even of the same query string.
  const [run, setRun] = useState(0);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<CheckSavingsField>();
  const savings = useCheckSavings(checked.ok ? checked.value : null, run);
  const copyPermalink = useCopyPermalink();

  // The query string is the state: a new one (load, Check Savings, back or forward) fills the form and shows its
  // problem, if it has one, at the field instead of asking the server.
  useEffect(() => {
    setValues(fromUrl);
    setProblem(checked.ok ? null : checked.problem);
  }, [fromUrl, checked, setProblem]);

  // The server's 400 about a field (its rules are the same, but it is the judge) shows at that field.
  const serverProblem = fieldProblemOf(savings.error);
  useEffect(() => {
    const fromServer = fieldProblemOf(savings.error);
    if (fromServer) setProblem(fromServer);
  }, [savings.error, setProblem]);

  // The router navigates in a transition; started inside a submit event, React would treat the form as an action
  // form. So Check Savings records where to go and the navigation happens just after the event.
  const [nextSearch, setNextSearch] = useState<string | null>(null);
  useEffect(() => {
    if (nextSearch === null) return;
    setNextSearch(null);
    setSearchParams(new URLSearchParams(nextSearch));
  }, [nextSearch, setSearchParams]);

  if (isStaffOnlyError(savings.error)) return <StaffOnlyNotice />;

  // The message shows under its field (linked to it); problems without a field use the form's line.
  const bind = (field: CheckSavingsField) => ({
    id: fieldProps(field).id,
    name: field,
    value: values[field],
    error: problem?.field === field ? problem.message : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = requestFromForm(values);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    // The same request again (the query string unchanged, or only written out): a new check of it. A changed request
    // is checked when the query string changes.
    if (checked.ok && JSON.stringify(parsed.value) === JSON.stringify(checked.value)) setRun((count) => count + 1);
    const next = searchFromForm(values).toString();
    if (next !== search) setNextSearch(next);
  };

  const permalink = () => {
    if (!splitNdcList(values.ndcList).length) {
      toast.error(SavingsTexts.ndcsFirst);
      return;
    }
    void copyPermalink(permalinkFor(pathname, searchFromForm(values)));
  };

  const running = savings.isFetching;
  const data = running ? undefined : savings.data;
  const error = running || serverProblem ? null : savings.error;
  let status = '';
  if (running) status = SavingsTexts.checking;
  else if (data) status = data.results.length ? data.message : SavingsTexts.noSavings;

  return (
    <Container className="page savings-lookup">
      <h1>{SavingsTexts.title}</h1>
      <p>{SavingsTexts.intro}</p>
      <form noValidate onSubmit={submit}>
        <div className="savings-form__grid">
          <TextField
            {...bind('phoneNumber')}
            label={SavingsTexts.phoneLabel}
            hint={SavingsTexts.phoneHint}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={20}
          />
          <TextField {...bind('zipCode')} label={SavingsTexts.zipLabel} inputMode="numeric" autoComplete="off" maxLength={10} />
          <TextField
            {...bind('pharmacyNPI')}
            label={SavingsTexts.npiLabel}
            hint={SavingsTexts.npiHint}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
          />
        </div>
        <TextAreaField
          {...bind('ndcList')}
          label={SavingsTexts.ndcLabel}
          hint={SavingsTexts.ndcHint}
          rows={4}
          maxLength={NDC_TEXT_MAX}
          spellCheck={false}
        />
        <FormMessage id={messageId}>{problem && !problem.field ? problem.message : null}</FormMessage>
        <div className="debug-actions">
          <Button type="submit">{SavingsTexts.checkSavings}</Button>
          <Button variant="secondary" onClick={permalink}>
            {DebugTexts.copyPermalink}
          </Button>
          <CommonQueriesLink />
        </div>
      </form>
      <section aria-label={SavingsTexts.resultsCaption}>
        <p role="status" className="debug-status">
          {running && (
            <span className="hl-spinner" aria-hidden="true">
              <span className="hl-spinner__circle" />
            </span>
          )}
          {status}
        </p>
        <FormMessage>{error ? failureText(error, SavingsTexts.failed) : null}</FormMessage>
        {data && data.results.length > 0 && <SavingsTable results={data.results} asOf={data.asOf} />}
        {data && <RawResponse response={data} />}
      </section>
      <DebugLinks />
    </Container>
  );
}

function RawResponse({ response }: { response: CheckSavingsResponse }) {
  const titleId = useId();
  return (
    <section className="savings-raw" aria-labelledby={titleId}>
      <h2 id={titleId}>{SavingsTexts.rawResponse}</h2>
      {/* Focusable so the keyboard can scroll a long answer. */}
      <pre tabIndex={0} aria-labelledby={titleId}>
        {JSON.stringify(response, null, 2)}
      </pre>
    </section>
  );
}
