/**
 * `create`: a community game form (spec §2, §5): a prompt and ten items, each with optional
 * comma-separated alternative spellings. Splitting and validation come from game-core (play
 * module); the bad-word check from the profanity module, loaded only here. Autofill asks the
 * server for spellings, then waits as long as the server says (its answer's `cooldownMs`, or a
 * 429's `Retry-After`); the game is stored private until an admin approves it.
 */
import '../../styles/full.css';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { activeLocale, t as translate, useT } from '../../lib/i18n.ts';
import { DEFAULT_LOCALE } from '../../lib/locale.ts';
import { serverErrorText } from '../../lib/serverErrors.ts';
import { autofillGame, uploadGame } from './api.ts';
import { CREATE_FORM, GameFormView } from '../../components/GameFormView.tsx';
import { CategoryPicker } from '../../components/CategoryPicker.tsx';
import type { Category } from '../../api/generated/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormError } from '../../components/Field.tsx';
import { formCore, splitSpellings, validateGame } from '../../core/forms.ts';
import { readRules } from '../../core/game.ts';
import { useCore } from '../../core/useCore.ts';
import { guardHistory } from '../../lib/historyGuard.ts';
import { toast } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { useUser } from '../../stores/user.ts';
import {
  clearDraft,
  fieldMessages,
  flagErrors,
  realNamesOffered,
  autofillOutcome,
  autofillWasUseful,
  isDirty,
  loadDraft,
  mergeAutofill,
  saveDraft,
  submitState,
  toForm,
  toItemSpellings,
  toRejectedSpellings,
  type Draft,
  type FormRules,
  type ProfanityFlag,
  type MergeAutofill,
  type GameForm,
} from './createForm.ts';

/** The create page's module: the bad-word check and the autofill merge. */
interface ProfanityCheck {
  flagGame: (form: GameForm) => ProfanityFlag[];
  mergeAutofill: MergeAutofill;
}

let profanityModule: Promise<ProfanityCheck> | undefined;

/** Autofill's toasts: a newer one (a success after a failure) replaces the older. */
const AUTOFILL_FLOW = 'autofill';

/** The profanity WASM module, fetched the first time the create page needs it (never in the main bundle). */
function loadProfanity(): Promise<ProfanityCheck> {
  // vite-plugin-wasm: the import resolves once the module is fetched and instantiated.
  profanityModule ??= import('../../wasm/profanity/profanity_wasm.js').then(
    (m): ProfanityCheck => ({ flagGame: (form) => m.flagGame(form) as ProfanityFlag[], mergeAutofill: (form, answer) => m.mergeAutofill(form, answer) as GameForm }),
    (error: unknown) => {
      profanityModule = undefined;
      throw error;
    },
  );
  return profanityModule;
}

type ProfanityState = { status: 'loading' } | { status: 'ready'; check: ProfanityCheck } | { status: 'failed' };

function useProfanity(): ProfanityState {
  const [state, setState] = useState<ProfanityState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadProfanity().then(
      (check) => {
        if (live) setState({ status: 'ready', check });
      },
      (error: unknown) => {
        console.error('the bad-word check could not load', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * Asks before leaving with unsaved changes: in-app links and Back/Forward get the spec's confirm
 * (react-router's useBlocker needs a data router, which this app does not use; Back/Forward go
 * through `lib/historyGuard.ts`), a reload or closing the tab gets the browser's own prompt.
 * `onAttempt` receives the move to make if the player chooses Leave.
 */
function useLeaveGuard(active: boolean, onAttempt: (leave: () => void) => void, navigate: (to: string) => void) {
  useEffect(() => {
    if (!active) return;
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return; // another site: the browser's prompt asks
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      e.preventDefault(); // react-router's Link skips a prevented click
      const to = `${url.pathname}${url.search}${url.hash}`;
      onAttempt(() => {
        navigate(to);
      });
    };
    const unload = (e: BeforeUnloadEvent) => {
      e.preventDefault(); // the browser shows its own 'Leave site?' prompt
    };
    document.addEventListener('click', click, true);
    window.addEventListener('beforeunload', unload);
    guardHistory(onAttempt);
    return () => {
      document.removeEventListener('click', click, true);
      window.removeEventListener('beforeunload', unload);
      guardHistory(null);
    };
  }, [active, onAttempt, navigate]);
}

/** The autofill cooldown: seconds left (0 when ready) and a function that starts one of `ms`. */
function useCooldown(): [seconds: number, start: (ms: number) => void] {
  const [{ until, now }, setClock] = useState({ until: 0, now: 0 });
  useEffect(() => {
    if (until === 0) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setClock((c) => ({ ...c, now: t }));
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => {
      window.clearInterval(timer);
    };
  }, [until]);
  const start = useCallback((ms: number) => {
    if (!(ms > 0)) return;
    const t = Date.now();
    setClock({ until: t + ms, now: t });
  }, []);
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

function LoginPrompt() {
  const t = useT();
  const openModal = useUi((s) => s.open);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-line bg-surface p-8 text-center shadow-xl" data-testid="create-login-prompt">
        <h1 className="text-2xl font-bold">{t('b.create.title')}</h1>
        <p className="mt-3 text-muted">{t('b.create.loginText')}</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => {
          openModal('login');
        }}>
          {t('b.groups.loginButton')}
        </button>
      </div>
    </div>
  );
}

export function Create() {
  const user = useUser((s) => s.user);
  if (!user) return <LoginPrompt />;
  return <CreateForm username={user.username} />;
}

function CreateForm({ username }: { username: string }) {
  const t = useT();
  const core = useCore();
  const rules: FormRules = useMemo(
    () => ({
      itemsPerGame: readRules(core).itemsPerGame,
      splitSpellings: (t) => splitSpellings(formCore, t),
      validateGame: (f) => validateGame(formCore, f),
    }),
    [core],
  );
  const navigate = useNavigate();
  const profanity = useProfanity();
  const [draft, setDraft] = useState<Draft>(() => loadDraft(rules.itemsPerGame));
  const [submitting, setSubmitting] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [autofilling, setAutofilling] = useState(false);
  // The move a Leave in the confirm makes (a stored function, hence the wrapper object).
  const [leavingTo, setLeavingTo] = useState<{ leave: () => void } | null>(null);
  const leaving = useRef(false);
  const [cooldown, startCooldown] = useCooldown();
  // The server's refusal of the last upload, shown once: at its field, else under the form.
  const [refusal, setRefusal] = useState<{ field: string | null; message: string } | null>(null);

  useEffect(() => {
    saveDraft(draft);
  }, [draft]);

  // Checks run on a deferred copy so typing stays smooth on slow phones.
  const checked = useDeferredValue(draft);
  const form = useMemo(() => toForm(checked, rules), [checked, rules]);
  const errors = useMemo(() => rules.validateGame(form), [form, rules]);
  const flags = useMemo(() => {
    if (profanity.status === 'ready') return profanity.check.flagGame(form);
    return profanity.status === 'failed' ? [] : null; // failed: the server checks on submit
  }, [form, profanity]);
  const badWords = useMemo(() => (flags === null ? null : flagErrors(flags)), [flags]);
  // The creator's word that the flagged words are real names: offered only when none is abuse.
  const [realNamesChosen, setRealNames] = useState(false);
  const offerRealNames = realNamesOffered(flags);
  const realNames = offerRealNames && realNamesChosen;
  const messages = fieldMessages(errors, badWords);
  const state = submitState(errors, badWords, realNames);

  const dirty = isDirty(draft) && !submitting;
  const attempt = useCallback((leave: () => void) => {
    if (!leaving.current) setLeavingTo({ leave });
  }, []);
  const go = useCallback((to: string) => { void navigate(to); }, [navigate]);
  useLeaveGuard(dirty, attempt, go);

  // An edit answers the server's last refusal.
  const setPrompt = (prompt: string) => {
    setRefusal(null);
    setDraft((d) => ({ ...d, prompt }));
  };
  const setRow = (i: number, patch: Partial<Draft['items'][number]>) => {
    setRefusal(null);
    setDraft((d) => ({ ...d, items: d.items.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  };

  const autofill = async () => {
    const now = toForm(draft, rules);
    setAutofilling(true);
    try {
      const sent = toItemSpellings(now);
      const [answer, module] = await Promise.all([autofillGame(now.prompt, sent), loadProfanity()]);
      setDraft((d) => mergeAutofill(d, answer, rules, module.mergeAutofill));
      toast({ ...autofillOutcome(answer, sent.length), flow: AUTOFILL_FLOW });
      // Only a use that added something useful charges (the server gives such a use back, too).
      if (autofillWasUseful(answer)) startCooldown(answer.cooldownMs);
    } catch (error) {
      toast({ title: translate('b.create.autofill.failed'), description: describeError(error), status: 'error', flow: AUTOFILL_FLOW });
      // The server counts only answered uses; a 429 means its cooldown is running. Anything
      // else (offline, a refused form) may be retried at once, as the toast invites.
      if (error instanceof ApiError && error.code === 'tooManyRequests') startCooldown(error.retryAfterMs ?? 0);
    } finally {
      setAutofilling(false);
    }
  };

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const now = toForm(draft, rules);
    if (state.disabled || submitting) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      await uploadGame(now.prompt, toItemSpellings(now), toRejectedSpellings(now), categories, realNames);
      clearDraft();
      leaving.current = true;
      const description = translate(realNames ? 'b.create.realNames.createdBody' : 'b.create.createdBody');
      toast({ title: translate('b.create.created'), description, status: 'success', duration: 5000 });
      void navigate(`/user/${encodeURIComponent(username)}`);
    } catch (error) {
      const field = error instanceof ApiError ? (error.field ?? null) : null;
      // At its field: the server's text in English, else the translated message for its code.
      const atField = field !== null && error instanceof Error && activeLocale() === DEFAULT_LOCALE;
      setRefusal({ field, message: atField ? error.message : field !== null ? serverErrorText(error) : describeError(error) });
      setSubmitting(false);
    }
  };

  const autofillLabel = autofilling ? t('b.create.autofilling') : cooldown > 0 ? t('b.create.charging') : t('b.create.autofill');
  const promptEmpty = draft.prompt.trim() === '';
  const createHint = state.disabled ? t(state.reason) : null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t('b.create.title')}</h1>
      <p className="mt-1 text-muted">{t('b.create.intro')}</p>
      <GameFormView
        variant={CREATE_FORM}
        className="mt-6 grid gap-6"
        aria-label={t('b.create.formLabel')}
        prompt={draft.prompt}
        rows={draft.items.map((row, i) => ({ key: i, ...row }))}
        messageOf={(field) => (refusal?.field === field ? refusal.message : messages.get(field))}
        onPrompt={setPrompt}
        onRow={setRow}
        onSubmit={(e) => void submit(e)}
      >

        <CategoryPicker
          value={categories}
          onChange={(next) => {
            setRefusal(null);
            setCategories(next);
          }}
          error={refusal?.field === 'categories' ? refusal.message : null}
          disabled={submitting}
        />

        {offerRealNames && (
          <div className="grid gap-1 rounded-lg border border-line p-3" data-testid="create-real-names">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1"
                checked={realNamesChosen}
                disabled={submitting}
                aria-describedby="real-names-hint"
                onChange={(e) => {
                  setRefusal(null);
                  setRealNames(e.target.checked);
                }}
              />
              <span>{t('b.create.realNames.label')}</span>
            </label>
            <p id="real-names-hint" className="text-sm text-muted">
              {t(realNamesChosen ? 'b.create.realNames.review' : 'b.create.realNames.hint')}
            </p>
          </div>
        )}

        {profanity.status === 'failed' && (
          <p role="status" className="text-sm text-muted">
            {t('b.create.profanityFailed')}
          </p>
        )}

        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1">
            <span title={promptEmpty ? t('b.create.promptFirst') : undefined}>
              <button
                type="button"
                className="btn btn-secondary w-full sm:w-auto"
                disabled={promptEmpty || autofilling || cooldown > 0 || submitting}
                aria-describedby="autofill-hint"
                onClick={() => void autofill()}
              >
                {autofillLabel}
              </button>
            </span>
            <p id="autofill-hint" className="text-sm text-muted sm:max-w-xs">
              {cooldown > 0
                ? t('b.create.readyIn', { n: cooldown })
                : promptEmpty
                  ? t('b.create.autofillNeedsPrompt')
                  : t('b.create.autofillHint')}
            </p>
          </div>
          <div className="grid gap-1 sm:justify-items-end">
            <span title={createHint ?? undefined}>
              <button type="submit" className="btn btn-primary w-full px-6 sm:w-auto" disabled={state.disabled || submitting} aria-busy={submitting} aria-describedby={createHint ? 'create-hint' : undefined} data-testid="create-submit">
                {submitting ? t('b.groups.creating') : t('b.create.submit')}
              </button>
            </span>
            {createHint && (
              <p id="create-hint" className="text-sm text-muted sm:max-w-xs sm:text-end" data-testid="create-hint">
                {createHint}
              </p>
            )}
            <FormError>{refusal && refusal.field === null ? t('b.create.failed', { error: refusal.message }) : null}</FormError>
          </div>
        </div>
      </GameFormView>

      {leavingTo !== null && (
        <ConfirmDialog
          title={t('b.create.unsaved')}
          message={t('b.create.leaveConfirm')}
          confirmLabel={t('b.groups.leave')}
          cancelLabel={t('b.create.stay')}
          tone="danger"
          onCancel={() => {
            setLeavingTo(null);
          }}
          onConfirm={() => {
            const { leave } = leavingTo;
            leaving.current = true;
            clearDraft();
            setLeavingTo(null);
            leave();
          }}
        />
      )}
    </div>
  );
}
