/** The game screen for any game (today's, an archive day, a community game). */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Core } from '../../../core/wasm.ts';
import { isRefusal, readRules, type GameDef, type GuessResult, type HintKind, type Refusal } from '../../../core/game.ts';
import { useCoreFor } from '../../../core/useCore.ts';
import { gameTexts } from '../../../core/scriptsCore.ts';
import { disputableGuesses, meter, savedTexts, useSession, type SessionMeta } from '../stores/session.ts';
import { useSettings } from '../../../stores/settings.ts';
import { toast } from '../../../stores/toasts.ts';
import { useUi } from '../../../stores/ui.ts';
import { useAdminStatus } from '../../../stores/admin.ts';
import { useWarmUp } from '../../../lib/warmUp.ts';
import { AnswerGrid } from './AnswerGrid.tsx';
import { Counters } from './Counters.tsx';
import { GiveUpButton } from './GiveUpButton.tsx';
import { lazyWithQueries, loadQueryProvider } from '../../../lib/lazyWithQueries.tsx';
import { ResultLine } from './ResultLine.tsx';
import { GuessForm } from './GuessForm.tsx';
import { hintFeedback, hintToast, reportGuess } from './guessFeedback.ts';
import { HintMenu } from './HintMenu.tsx';
import { LavaBackground } from './LavaBackground.tsx';
import { Prompt } from './Prompt.tsx';
import { SubmitterLine } from './SubmitterLine.tsx';
import { useDisputes } from './useDisputes.ts';
import { playEarlyGuesses } from '../earlyGuesses.ts';
import { clearFeedback, showFeedback } from '../stores/feedback.ts';
import { loadRevealSlot, useRevealSlot } from './useRevealSlot.ts';
import { WrongGuesses as WrongGuessesBlock } from './WrongGuesses.tsx';
import { useT, withMessages } from '../../../lib/i18n.ts';

// Not needed for the first guess: admins' tools and what shows once a game is over.
const AdminButtons = lazy(() => withMessages(import('./AdminButtons.tsx').then((m) => ({ default: m.AdminButtons }))));
const loadEffects = () => import('./Effects.tsx');
const EndEffect = lazy(() => withMessages(loadEffects().then((m) => ({ default: m.EndEffect }))));
const loadEnd = () => import('./GameEnd.tsx');
// The end's share line reads the stats through TanStack Query: its provider loads with it.
const NextSteps = lazyWithQueries(() => loadEnd().then((m) => m.NextSteps));
const GameResult = lazyWithQueries(() => loadEnd().then((m) => m.GameResult));
// The game's end must show offline too, and a found slot flash.
const WARM_UP = [loadEffects, loadEnd, loadRevealSlot, loadQueryProvider];

interface Props {
  core: Core;
  def: GameDef;
  meta: SessionMeta;
  today: string;
  /** The game's uid, when the server sent one: admins' Edit Game, and disputes. */
  editUid?: string | undefined;
  /** Shown under the result once the game is over, above the wrong guesses and the answers
   * (a community game's rating: where a finishing player looks). */
  endSlot?: ReactNode;
}

/**
 * Starts (or restores) the game when its key changes, and frees it on leaving. Before the first
 * paint (a layout effect): the guess box then appears in the same frame as the page, with no
 * frame of skeleton in between. A game the store already holds at mount was started before the
 * first render (today's, by app/start.tsx: see routes/Home.tsx) and is kept as it is; only this
 * screen's own cleanup, or another game's start, ever leaves one there. Today's game then plays
 * the guesses made in the server's box before the app ran (../earlyGuesses.ts), if any are left.
 */
function useGame(core: Core, def: GameDef, meta: SessionMeta, today: string) {
  const start = useSession((s) => s.start);
  const stop = useSession((s) => s.stop);
  const started = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (started.current === meta.key) return;
    started.current = meta.key;
    if (useSession.getState().meta?.key !== meta.key) {
      clearFeedback();
      start(core, def, meta, today);
    }
    if (meta.mode === 'today') playEarlyGuesses();
  }, [core, def, meta, today, start]);
  // A layout effect too: a page that replaces this one (the next day at midnight) starts its game
  // in its own layout effect, which runs after this cleanup, not before it.
  useLayoutEffect(
    () => () => {
      started.current = null;
      stop();
      clearFeedback();
    },
    [stop],
  );
}

/** Opens the gameOver modal when the game ends on screen. */
function useGameOverModal(ended: boolean) {
  const open = useUi((s) => s.open);
  useEffect(() => {
    if (ended) open('gameOver');
  }, [ended, open]);
}

export function GameScreen({ core: pageCore, def, meta, today, editUid, endSlot }: Props) {
  const t = useT();
  // A game in another script than Latin plays in the module of every script.
  const core = useCoreFor(pageCore, [...gameTexts(def), ...savedTexts(meta.key)]);
  useGame(core, def, meta, today);
  useWarmUp(WARM_UP);
  const { admin } = useAdminStatus();
  const session = useSession();
  const disableAnimations = useSettings((s) => s.disableAnimations);
  const openModal = useUi((s) => s.open);
  const view = session.meta?.key === meta.key ? session.view : null;
  useGameOverModal(session.endedHere);
  // A stored result (today's daily or a community game) can be disputed once the game is over.
  const canDispute = Boolean(view?.gameOver && meta.mode !== 'archive' && session.submitted);
  const dispute = useDisputes(meta.key, meta.uid ?? editUid, canDispute);

  const gameColumn = useRef<HTMLElement>(null);
  const answers = useRef<HTMLElement>(null);
  useRevealSlot(gameColumn, answers);

  const onGuess = (text: string) => {
    const report = (result: GuessResult | Refusal) => {
      reportGuess(text, result);
    };
    const result = session.guess(text, report);
    if (result) report(result);
  };
  /** Gives a hint and names its slot in the result line; a refusal is the spec's toast. */
  const onHint = (kind: HintKind): boolean => {
    const result = session.hint(kind);
    if (!result) return false;
    if (isRefusal(result)) {
      toast(hintToast(result));
      return false;
    }
    const slot = (useSession.getState().view?.display.indexOf(result.itemId) ?? 0) + 1;
    showFeedback(hintFeedback(result, slot), result.itemId);
    return true;
  };
  const level = view ? meter(meta.mode === 'archive') : 0;
  const rules = readRules(core);
  const ending = session.endedHere && view ? (view.won ? 'won' : 'lost') : null;

  return (
    <div className="mx-auto grid w-full max-w-[1200px] grid-cols-1 gap-6 px-4 py-5 wide:grid-cols-2 wide:gap-10 wide:py-8">
      {/* data-focus-home: where the focus goes when a dialog's trigger is gone (components/returnFocus.ts). */}
      <section ref={gameColumn} aria-label={t('game.section')} data-focus-home>
        <Prompt text={meta.prompt} />
        <SubmitterLine meta={meta} today={today} />
        {view && (
          <>
            {view.gameOver ? (
              // The next steps take the guess box's place; the disabled box holds it meanwhile.
              <Suspense fallback={<GuessForm value={session.inputValue} disabled onChange={session.setInput} onGuess={onGuess} />}>
                <NextSteps />
              </Suspense>
            ) : (
              <GuessForm value={session.inputValue} disabled={false} onChange={session.setInput} onGuess={onGuess} />
            )}
            <ResultLine />
            <Counters view={view} rules={rules} />
            {/* Once the game is over, See Stats is a next step (above); the hint menu stays, disabled
                (out of the Tab order), with the hints the game used. */}
            <div className="mt-4 grid grid-cols-2 gap-2">
              {!view.gameOver && <GiveUpButton onGiveUp={session.giveUp} />}
              <HintMenu used={view.hintsUsed} max={rules.maxHints} enabled={view.hintEnabled && !view.gameOver} onHint={onHint} />
            </div>
            {admin && (
              <Suspense fallback={null}>
                <AdminButtons
                  editUid={editUid}
                  onShowStats={() => {
                    openModal('gameOver');
                  }}
                />
              </Suspense>
            )}
            {view.gameOver && (
              <Suspense fallback={null}>
                <GameResult core={core} won={view.won} />
              </Suspense>
            )}
            {view.gameOver && endSlot}
            <WrongGuessesBlock
              guesses={view.wrongGuesses}
              max={rules.maxWrong}
              dispute={dispute}
              disputable={dispute ? disputableGuesses(view) : []}
            />
          </>
        )}
      </section>
      <section ref={answers} aria-label={t('game.answers')}>
        {view && <AnswerGrid def={def} view={view} />}
      </section>
      {!disableAnimations && <LavaBackground level={level} animate />}
      {ending && (
        <Suspense fallback={null}>
          <EndEffect kind={ending} enabled={!disableAnimations} />
        </Suspense>
      )}
    </div>
  );
}

