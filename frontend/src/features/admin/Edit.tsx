/**
 * `edit/{uid}`: the admins' game editor (spec §5, §6, §8). Loads any game (daily ones too) with
 * `GET /api/game/edit/{uid}`, edits its prompt, visibility (not for a daily game, which every
 * player gets on its day) and items (ids kept), and saves with `PUT`; then plays it:
 * `archive/{date}` for a day, `community/{uid}` otherwise.
 */
import '../../styles/full.css';
import { useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isGameNotFound, isRefusal, useEditableGame, useSaveGame } from './api.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import type { Game } from '../../api/generated/index.ts';
import { formatDate } from '../../lib/dates.ts';
import { useCore } from '../../core/useCore.ts';
import { useAdminStatus } from '../../stores/admin.ts';
import { toast } from '../../stores/toasts.ts';
import { EDIT_FORM, GameFormView } from '../../components/GameFormView.tsx';
import { CategoryPicker } from '../../components/CategoryPicker.tsx';
import { byField, FILL_OUT_ALL_FIELDS, flaggedWarning, playPath, problems, requiredFields, toEditBody, toFormState, type FieldErrors, type FormState } from './editForm.ts';
import { formCore, splitSpellings, type FormCore } from '../../core/forms.ts';

/** Message ids of the notices that replace the editor. */
const NO_PERMISSION = 'a.edit.noPermission';
const UID_NOT_FOUND = 'a.edit.notFound';

function Notice({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto grid max-w-md gap-3 px-4 py-16 text-center">
      <p className="text-xl font-bold">{title}</p>
      {children}
      <div className="flex justify-center">
        <Link to="/" className="btn btn-secondary">
          {t('game.todays')}
        </Link>
      </div>
    </div>
  );
}

function Loading() {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6" aria-busy="true">
      <p className="sr-only">{t('a.edit.loading')}</p>
      <div className="space-y-3">
        <div className="h-8 w-1/3 animate-pulse rounded bg-surface-2" />
        <div className="h-20 w-full animate-pulse rounded bg-surface-2" />
        <div className="h-64 w-full animate-pulse rounded bg-surface-2" />
      </div>
    </div>
  );
}

export function Edit() {
  const t = useT();
  const { admin, ready } = useAdminStatus();
  const uid = useParams().uid ?? '';
  if (!ready) return <Loading />;
  if (!admin) return <Notice title={t(NO_PERMISSION)} />;
  return <EditLoader uid={uid} />;
}

function EditLoader({ uid }: { uid: string }) {
  const t = useT();
  useCore(); // the form rules (`formCore`) need the play module loaded
  const game = useEditableGame(uid);
  if (game.isError) {
    const error = game.error;
    if (isGameNotFound(error)) return <Notice title={t(UID_NOT_FOUND)} />;
    if (isRefusal(error)) return <Notice title={t(NO_PERMISSION)} />;
    return (
      <Notice title={t('game.loadError')}>
        <p className="text-muted">{error.message}</p>
        <button type="button" className="btn btn-primary mx-auto" onClick={() => void game.refetch()}>
          {t('common.tryAgain')}
        </button>
      </Notice>
    );
  }
  if (!game.data) return <Loading />;
  return <EditForm key={game.data.updatedAt} core={formCore} uid={uid} game={game.data} />;
}

/** Dom id of a field key (`items.3.name` → `edit-items-3-name`). */
const domId = EDIT_FORM.fieldId;

/** What the comma-separated field will be saved as, once something is typed. */
function spellingHint(core: FormCore, text: string): string | undefined {
  const list = splitSpellings(core, text);
  if (list.length === 0) return undefined;
  return translate('a.edit.accepted', { count: list.length, list: list.join(' · ') });
}

function EditForm({ core, uid, game }: { core: FormCore; uid: string; game: Game }) {
  const t = useT();
  const [state, setState] = useState<FormState>(() => toFormState(game));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Set after a save with flagged words: the editor stays open and says so (not an error).
  const [flagged, setFlagged] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const publicId = useId();
  const navigate = useNavigate();

  const focusFirst = (fields: string[]) => {
    const first = fields
      .map((f) => formRef.current?.querySelector<HTMLElement>(`#${domId(f)}`))
      .find((el): el is HTMLElement => Boolean(el));
    first?.focus();
  };

  const save = useSaveGame(uid, {
    onSuccess: (saved) => {
      if (saved.warnings && saved.warnings.length > 0) {
        const warning = flaggedWarning(saved.warnings);
        toast({ title: translate('a.edit.savedWithWarning'), description: warning, status: 'warning', duration: 5000 });
        setFlagged(warning);
        return;
      }
      toast({ title: translate('a.edit.saved'), status: 'success' });
      void navigate(playPath(saved, uid));
    },
    // Errors are shown once, in the form (issue 23, point 5): at the field the server names, else
    // under the form; no toast repeats them.
    onError: (error) => {
      if (isGameNotFound(error)) {
        setFormError(translate(UID_NOT_FOUND));
        return;
      }
      if (isRefusal(error)) {
        setFormError(translate('error.forbidden'));
        return;
      }
      // The server names the field it refused; its `error` is that field's message.
      if (error instanceof ApiError && error.field) {
        setErrors({ [error.field]: error.message });
        setFormError(translate('a.edit.failedField'));
        focusFirst([error.field]);
        return;
      }
      setFormError(translate('a.edit.failed', { reason: describeError(error) }));
    },
  });


  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = toEditBody(core, state);
    const found = problems(core, body);
    const empty = requiredFields(found);
    if (empty.length > 0) {
      setErrors(byField(empty));
      setFormError(translate(FILL_OUT_ALL_FIELDS));
      focusFirst(empty.map((e) => e.field));
      return;
    }
    const invalid = byField(found);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setFormError(invalid.items ?? translate('a.edit.fixFields'));
      focusFirst(Object.keys(invalid));
      return;
    }
    setErrors({});
    setFormError(null);
    setFlagged(null);
    save.mutate(body);
  };

  /** An edited field loses its error; with none left, so does the form. */
  const clearError = (field: string) => {
    if (!(field in errors)) return;
    const rest = Object.fromEntries(Object.entries(errors).filter(([f]) => f !== field));
    setErrors(rest);
    if (Object.keys(rest).length === 0) setFormError(null);
  };
  const setItem = (index: number, field: string, change: Partial<FormState['items'][number]>) => {
    clearError(field);
    setState((s) => ({ ...s, items: s.items.map((it, i) => (i === index ? { ...it, ...change } : it)) }));
  };

  const backTo = playPath(game, uid);
  const kindLine = game.date
    ? game.dayNumber
      ? t('a.edit.kind.dailyDay', { date: formatDate(game.date), day: game.dayNumber })
      : t('a.edit.kind.daily', { date: formatDate(game.date) })
    : t('a.edit.kind.community', { uid });

  return (
    <GameFormView
      variant={EDIT_FORM}
      formRef={formRef}
      onSubmit={submit}
      className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 wide:py-8"
      aria-labelledby="edit-title"
      header={
        <div className="grid gap-1">
          <h1 id="edit-title" className="text-2xl font-extrabold tracking-tight">
            {t('a.admin.editGame')}
          </h1>
          <p className="text-sm text-muted" data-testid="edit-kind">
            {t('a.edit.kindBy', { kind: kindLine, name: game.submitter || t('a.profile.anonymous') })}
          </p>
        </div>
      }
      prompt={state.prompt}
      rows={state.items.map((it) => ({ key: it.id, name: it.name, alts: it.spellings, rejected: it.rejected }))}
      messageOf={(field) => errors[field]}
      onPrompt={(prompt) => {
        clearError('prompt');
        setState((s) => ({ ...s, prompt }));
      }}
      onRow={(i, change) => {
        if (change.name !== undefined) setItem(i, `items.${String(i)}.name`, { name: change.name });
        if (change.alts !== undefined) setItem(i, `items.${String(i)}.altSpellings`, { spellings: change.alts });
        if (change.rejected !== undefined) setItem(i, `items.${String(i)}.rejectedSpellings`, { rejected: change.rejected });
      }}
      altsHint={(alts) => spellingHint(core, alts)}
      afterPrompt={
        <>
        {/* A community game keeps its categories when it is made daily: still editable then. */}
        {state.categories && (
          <CategoryPicker
            value={state.categories}
            onChange={(next) => {
              setState((s) => ({ ...s, categories: next }));
            }}
          />
        )}
        {/* A daily game is everyone's on its day whatever this says: no switch for it. */}
        {!game.date && (
        <>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <label htmlFor={publicId} className="font-semibold">
              {t('a.visibility.public')}
            </label>
            <p id={`${publicId}-hint`} className="text-sm text-muted">
              {t('a.edit.publicHint')}
            </p>
          </div>
          <input
            id={publicId}
            type="checkbox"
            role="switch"
            aria-describedby={`${publicId}-hint`}
            checked={state.public}
            onChange={(e) => {
              setState((s) => ({ ...s, public: e.target.checked }));
            }}
            className="peer mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border border-line bg-surface-2 transition-colors before:block before:h-5 before:w-5 before:translate-x-0 before:rounded-full before:bg-fg before:transition-transform checked:border-lava-yellow checked:bg-lava-yellow checked:before:translate-x-5 rtl:checked:before:-translate-x-5 checked:before:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lava-yellow"
          />
        </div>
        </>
        )}
        </>
      }
    >
      <div className="sticky bottom-0 -mx-4 grid gap-2 border-t border-line bg-bg/95 px-4 py-3 backdrop-blur">
        {flagged && (
          <p role="status" className="rounded-lg border border-lava-yellow px-3 py-2 text-sm" data-testid="edit-warning">
            <span className="font-semibold">{t('a.edit.warning')}</span> {flagged}{' '}
            <Link to={backTo} className="underline">
              {t('a.edit.view')}
            </Link>
          </p>
        )}
        {formError && (
          <p role="alert" className="text-sm font-semibold text-wrong" data-testid="edit-error">
            {formError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Link to={backTo} className="btn btn-secondary">
            {t('a.confirm.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('a.common.saving') : t('a.edit.save')}
          </button>
        </div>
      </div>
    </GameFormView>
  );
}
