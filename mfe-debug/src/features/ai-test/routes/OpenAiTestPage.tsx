import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_AI_MODEL, type AiModel, type AiUsage, type HealthServiceEntry } from '@healthlink/contracts';
import { usePageTitle } from '@healthlink/web-runtime';
import { Container } from '@healthlink/web-ui';
import { StaffOnlyNotice } from '../../../components/StaffOnlyNotice';
import '../../../components/debug.css';
import { useClaims } from '../api/get-claims';
import { ChatForm } from '../components/ChatForm';
import { ClaimCards } from '../components/ClaimCards';
import { InstructionForm } from '../components/InstructionForm';
import { ModelPicker, UsagePanel } from '../components/ModelPicker';
import { PromptTester } from '../components/PromptTester';
import { TipsPanel } from '../components/TipsPanel';
import { AiTestTexts } from '../lib/ai-test-texts';
import { emptyVisit, visitOf, type VisitField, type VisitRow } from '../lib/visits';
import '../components/ai-test.css';

/**
 * /open-ai and /open-ai/{query} (part 2 §2; issue 18 point 5): staff only, behind the staff gate, and each of its APIs
 * checks the role again (a 403 AUTH.STAFF_ONLY shows the staff-only notice). The model chosen at the top serves
 * every call; the usage of the last one is shown beside it.
 */
export function OpenAiTestPage() {
  const { query } = useParams();
  usePageTitle(AiTestTexts.title);
  const [model, setModel] = useState<AiModel>(DEFAULT_AI_MODEL);
  const [usage, setUsage] = useState<AiUsage | null>(null);
  const [staffOnly, setStaffOnly] = useState(false);
  const visits = useVisitRows();

  if (staffOnly) return <StaffOnlyNotice />;
  const calls = { model, onUsage: setUsage, onStaffOnly: () => setStaffOnly(true) };
  return (
    <Container className="page ai-test">
      <h1>{AiTestTexts.title}</h1>
      <p>{AiTestTexts.intro}</p>
      <div className="ai-test__settings">
        <ModelPicker model={model} onChange={setModel} />
        <UsagePanel usage={usage} />
      </div>
      <InstructionForm {...calls} />
      <ChatForm {...calls} />
      <TipsPanel onStaffOnly={calls.onStaffOnly} />
      <ClaimCards {...visits.cards} />
      {/* A new query is a new preset: the tester starts again from it. */}
      <PromptTester key={query ?? ''} {...calls} query={query} visits={visits.rows} />
    </Container>
  );
}

/** The visit rows: the claims as they load, with the staff member's edits, removals and hand-added rows on top. */
function useVisitRows() {
  const claims = useClaims();
  const [edits, setEdits] = useState<Record<string, VisitRow>>({});
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<VisitRow[]>([]);
  const nextId = useRef(1);

  const loaded = useMemo(() => claims.data?.pages.flatMap((page) => page.EOB) ?? [], [claims.data]);
  const byId = useMemo(() => new Map<string, HealthServiceEntry>(loaded.map((claim) => [claim.id, claim])), [loaded]);
  const rows = useMemo(
    () => [...loaded.filter((claim) => !removed.has(claim.id)).map((claim) => edits[claim.id] ?? visitOf(claim)), ...added],
    [loaded, removed, edits, added],
  );

  const onChange = (id: string, field: VisitField, value: string) => {
    if (added.some((row) => row.id === id)) {
      setAdded((current) => current.map((row) => (row.id === id ? { ...row, [field]: value } : row)));
      return;
    }
    const claim = byId.get(id);
    if (!claim) return;
    setEdits((current) => ({ ...current, [id]: { ...(current[id] ?? visitOf(claim)), [field]: value } }));
  };
  const onRemove = (id: string) => {
    if (added.some((row) => row.id === id)) setAdded((current) => current.filter((row) => row.id !== id));
    else setRemoved((current) => new Set(current).add(id));
  };
  const onAdd = () => setAdded((current) => [...current, emptyVisit(`added-${nextId.current++}`)]);

  return {
    rows,
    cards: {
      visits: rows,
      claims: byId,
      status: claims.status,
      hasMore: claims.hasNextPage,
      loadingMore: claims.isFetchingNextPage,
      onLoadMore: () => void claims.fetchNextPage(),
      onRetry: () => void claims.refetch(),
      onChange,
      onRemove,
      onAdd,
    },
  };
}
