import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { COMPARISON_MODEL, type ModelKey } from '../../../common/model-catalogue';
import { answerReceived } from '../../../common/answer-text';
import type { QueryResult, SavedQuery } from '../../../common/query-schemas';
import { queryMessages } from '../../../common/query-messages';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { currentUserKey, useCurrentUser } from '../../api/auth';
import { savedQueryOptions } from '../../api/questions';
import { historyPath, rememberNewQuery } from '../../api/history';
import { useApiStatus, useQueryOptions } from '../../api/questions';
import { subscriptionStatusKey, UNKNOWN_SUBSCRIPTION, useSubscriptionStatus } from '../../api/subscription-status';
import { EmptyState } from './empty-state';
import { FreeQuestionsBadge, HighlightToggle } from './header-controls';
import { HomeHeader } from './home-header';
import { ModelPicker } from './model-picker';
import { QuestionForm } from './question-form';
import { SidebarSection } from './sidebar';
import { TrialGate } from './trial-gate';
import { announce } from '../../lib/announce';
import { useKeyboardShortcuts } from '../../components/shortcuts/keyboard-shortcuts';
import { openHistorySearch } from './history-search-shortcut';
import { useAsk } from './use-ask';
import { useBrowserSessionId } from './use-browser-session-id';
import { useHomeFlags } from './use-home-flags';
import { useModelSelection } from './use-model-selection';
import { useWebSearchChoice, WebSearchSwitch } from './web-search-switch';
import { searchSwitchMatters } from '../../../common/web-search';
import { useSidebar } from './use-sidebar';
import { WorkspaceLayout, WorkspaceSidebar } from './workspace';

// The answer cards and their markdown load with the first answer, not with the page: an empty Home
// never needs them (docs/performance.md, "Home page weight"). Typing a question starts the download.
const loadLiveAnswers = () => import('./live-answers');
const loadQueryResults = () => import('./query-results');
const LiveAnswers = lazy(async () => ({ default: (await loadLiveAnswers()).LiveAnswers }));
const QueryResults = lazy(async () => ({ default: (await loadQueryResults()).QueryResults }));
const prepareAnswers = () =>
  void Promise.all([loadLiveAnswers(), loadQueryResults(), import('../../api/question-stream')]);
// The notices of a refused question come with the first refusal.
const ApiKeysPanel = lazy(async () => ({ default: (await import('./api-keys-panel')).ApiKeysPanel }));
const SignUpPrompt = lazy(async () => ({ default: (await import('./sign-up-prompt')).SignUpPrompt }));
const VerifyEmailPrompt = lazy(async () => ({ default: (await import('./verify-email-prompt')).VerifyEmailPrompt }));
const ApiKeyDialog = lazyDialog(async () => (await import('../../components/api-keys/api-key-dialog')).ApiKeyDialog);
const ModelsDialog = lazyDialog(async () => (await import('./models-dialog')).ModelsDialog);
const SubscriptionModal = lazyDialog(async () => (await import('./subscription-modal')).SubscriptionModal);
const ShortcutsDialog = lazyDialog(
  async () => (await import('../../components/shortcuts/shortcuts-dialog')).ShortcutsDialog,
);

function AnswersLoading() {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
      <Spinner label="Loading the answers" />
      Loading the answers...
    </div>
  );
}

// Home (docs/product.md, "Home page"): the question bar, the sidebar (models, account, history) and the body,
// which shows the live answers, the selected question's results, or the empty state.
export function HomePage() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const sidebar = useSidebar();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusQuestionOnClose = useRef(false);
  const sessionId = useBrowserSessionId(user === undefined ? undefined : (user?.id ?? null));
  const models = useModelSelection();
  const apiStatus = useApiStatus();
  const searchAllowed = useQueryOptions().data?.webSearchAllowed === true;
  const [webSearch, setWebSearch] = useWebSearchChoice();
  const subscriptionQuery = useSubscriptionStatus(sessionId);
  // A failed read falls back to no allowance; isError stays set so the trial gate can say so.
  const subscription = {
    ...subscriptionQuery,
    data: subscriptionQuery.isError ? UNKNOWN_SUBSCRIPTION : subscriptionQuery.data,
  };
  const refreshSubscription = subscription.refresh;
  const [draft, setDraft] = useState('');
  const { choose } = models;
  useHomeFlags(
    refreshSubscription,
    useCallback(
      (text: string, picked: string[]) => {
        setDraft(text);
        choose(picked);
      },
      [choose],
    ),
  );
  const [highlight, setHighlight] = useState(false);
  // The chosen question belongs to this browser session: after login or logout it is gone.
  const [selection, setSelection] = useState<{ sessionId: string; query: SavedQuery } | null>(null);
  const chosen = selection?.sessionId === sessionId ? selection.query : null;
  // History lists leave each comparison's claims and the follow-up turns out (they can be large): a
  // question reopened from the sidebar fetches its whole record, for the claim marks and the thread.
  const withoutClaims = Boolean(chosen && !chosen.comparisonSummary?.claims);
  const whole = useQuery({ ...savedQueryOptions(chosen?.id ?? 0, sessionId), enabled: withoutClaims });
  const selected = withoutClaims && whole.data?.id === chosen?.id ? whole.data : chosen;
  const setSelected = useCallback(
    (query: SavedQuery | null) => setSelection(query ? { sessionId, query } : null),
    [sessionId],
  );
  const [missingServices, setMissingServices] = useState<string[] | null>(null);
  const [signUpMessage, setSignUpMessage] = useState<string | null>(null);
  const [verifyMessage, setVerifyMessage] = useState<string | null>(null);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const [modelsOpen, setModelsOpen] = useState(false);
  const [keyDialog, setKeyDialog] = useState<{ open: boolean; model: ModelKey }>({ open: false, model: 'chatgpt' });

  const onQuery = useCallback(
    (query: QueryResult) => {
      setSelected(query);
      rememberNewQuery(queryClient, sessionId, query);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void refreshSubscription();
      const answers = query.responses.filter((r) => r.model !== COMPARISON_MODEL);
      // Not counted only when nothing arrived at all (common/answer-text.ts): reasoning counts as arrived.
      if (answers.length > 0 && !answers.some(answerReceived)) {
        toast({ variant: 'destructive', title: 'No answers', description: queryMessages.allModelsFailed });
      }
      const info = query.subscriptionInfo;
      if (info.freeQuestionsRemaining === 0 && !info.hasActiveSubscription) setSubscribeOpen(true);
    },
    [queryClient, refreshSubscription, sessionId, setSelected],
  );

  const { live, ask, stop, busy } = useAsk(sessionId, {
    onStart: (allowance) => {
      setDraft('');
      setMissingServices(null);
      setSignUpMessage(null);
      // The question is counted as soon as it is accepted: the badge follows at once.
      queryClient.setQueryData<SubscriptionStatus>(subscriptionStatusKey(sessionId), (old) =>
        old ? { ...old, ...allowance } : old,
      );
    },
    onQuery,
    onMissingKeys: setMissingServices,
    onSubscriptionRequired: () => setSubscribeOpen(true),
    onSignUpRequired: setSignUpMessage,
    onVerificationRequired: setVerifyMessage,
    onHungUp: () => {
      void queryClient.invalidateQueries({ queryKey: [historyPath(sessionId)] });
      void refreshSubscription();
      toast({ title: 'Stopped', description: 'What had arrived is saved in your history.' });
    },
  });

  // A retry, a re-check or a follow-up was saved: the question as it is now (each can charge a question,
  // so the allowance is read again too).
  const onRetried = useCallback(
    (query: QueryResult) => {
      setSelected(query);
      void queryClient.invalidateQueries({ queryKey: [historyPath(sessionId)] });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void refreshSubscription();
    },
    [queryClient, refreshSubscription, sessionId, setSelected],
  );

  // Edit and ask again (issue 20, item 7): the question goes back into the box with its models, to be
  // changed and sent as a new question; the one it came from stays in the history.
  const editQuestion = useCallback(
    (query: SavedQuery) => {
      setDraft(query.text);
      models.choose(query.selectedModels);
      prepareAnswers();
      requestAnimationFrame(() => {
        const input = inputRef.current;
        if (!input) return;
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      });
      announce('The question is in the box to edit. Press Enter to ask it again.');
    },
    [models],
  );

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useKeyboardShortcuts({
    focusQuestion: () => inputRef.current?.focus(),
    stop:
      live.phase === 'idle'
        ? undefined
        : () => {
            void stop(null);
            announce('Stopping the answers.');
          },
    searchHistory: () => openHistorySearch(sidebar),
    showShortcuts: () => setShortcutsOpen(true),
  });

  const configure = (model: ModelKey) => {
    setModelsOpen(false);
    setKeyDialog({ open: true, model });
  };

  const selectQuery = (query: SavedQuery) => {
    setSelected(query);
    if (!sidebar.wide) sidebar.setOpen(false);
  };

  const picker = (
    <ModelPicker
      selected={models.selected}
      onToggle={models.toggle}
      apiStatus={apiStatus.data}
      onConfigure={configure}
    />
  );
  const searchSwitch = searchAllowed ? (
    <WebSearchSwitch on={webSearch} onChange={setWebSearch} selected={models.selected} />
  ) : null;

  return (
    <>
      <WorkspaceLayout
        sidebar={
          <WorkspaceSidebar
            sidebar={sidebar}
            returnFocusTo={toggleRef}
            sessionId={sessionId}
            selectedId={selected?.id ?? null}
            onSelect={selectQuery}
            onCleared={() => setSelected(null)}
            refreshSubscription={refreshSubscription}
            top={
              sidebar.wide && (
                <SidebarSection title="AI Models">
                  {picker}
                  {searchSwitch && <div className="mt-3 border-t pt-3">{searchSwitch}</div>}
                </SidebarSection>
              )
            }
          />
        }
        header={
          <>
            <HomeHeader
              sidebarOpen={sidebar.open}
              onToggleSidebar={sidebar.toggle}
              toggleRef={toggleRef}
              selectedCount={models.selected.length}
              onOpenModels={sidebar.wide ? undefined : () => setModelsOpen(true)}
              question={
                <QuestionForm
                  value={draft}
                  onChange={(value) => {
                    prepareAnswers();
                    setDraft(value);
                  }}
                  onSubmit={() =>
                    void ask(draft, models.selected, {
                      webSearch: searchAllowed && webSearch && searchSwitchMatters(models.selected),
                    })
                  }
                  onRecallLast={selected ? () => editQuestion(selected) : undefined}
                  busy={busy}
                  inputRef={inputRef}
                />
              }
              badge={<FreeQuestionsBadge status={subscription.data} />}
              highlight={<HighlightToggle checked={highlight} onCheckedChange={setHighlight} />}
            />
            <TrialGate
              status={subscription.data}
              isPending={subscription.isPending}
              isError={subscription.isError}
              isFetching={subscription.isFetching}
              onRetry={() => void subscription.refetch()}
            />
          </>
        }
      >
        <div className="mx-auto grid w-full max-w-7xl gap-4 px-3 py-4 sm:px-6 sm:py-6">
          <Suspense fallback={null}>
            {missingServices && missingServices.length > 0 && (
              <ApiKeysPanel
                services={missingServices}
                onConfigure={configure}
                onDismiss={() => setMissingServices(null)}
              />
            )}
            {signUpMessage && !user && (
              <SignUpPrompt message={signUpMessage} onDismiss={() => setSignUpMessage(null)} />
            )}
            {verifyMessage && user && (
              <VerifyEmailPrompt message={verifyMessage} onDismiss={() => setVerifyMessage(null)} />
            )}
          </Suspense>
          <Suspense fallback={<AnswersLoading />}>
            {live.phase === 'streaming' ? (
              <LiveAnswers live={live} onStop={(model) => void stop(model)} />
            ) : selected ? (
              <QueryResults
                key={selected.id}
                query={selected}
                highlightDifferences={highlight}
                sessionId={sessionId}
                onUpdated={onRetried}
                onEdit={editQuestion}
              />
            ) : (
              <EmptyState />
            )}
          </Suspense>
        </div>
      </WorkspaceLayout>

      {!sidebar.wide && (
        <ModelsDialog
          open={modelsOpen}
          onOpenChange={setModelsOpen}
          onDone={() => {
            focusQuestionOnClose.current = true;
            setModelsOpen(false);
          }}
          // Done leads on to the question; closing any other way returns to the AI Models button.
          onCloseAutoFocus={(event) => {
            if (!focusQuestionOnClose.current) return;
            focusQuestionOnClose.current = false;
            event.preventDefault();
            inputRef.current?.focus();
          }}
          selected={models.selected}
          onToggle={models.toggle}
          apiStatus={apiStatus.data}
          onConfigure={configure}
          extra={searchSwitch}
        />
      )}
      <ApiKeyDialog
        open={keyDialog.open}
        onOpenChange={(open) => setKeyDialog((state) => ({ ...state, open }))}
        model={keyDialog.model}
        signedIn={Boolean(user)}
        sessionId={sessionId}
      />
      <SubscriptionModal open={subscribeOpen} onOpenChange={setSubscribeOpen} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </>
  );
}
