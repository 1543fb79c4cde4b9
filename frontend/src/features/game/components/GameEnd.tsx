/**
 * The game screen once a game is over, loaded then (never with the first screen): the next steps
 * where its guess box was (Share, See Stats, another day from the archive, a community game), and
 * the result with the countdown to the next game.
 */
import '../../../styles/full.css';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Core } from '../../../core/wasm.ts';
import { useUi } from '../../../stores/ui.ts';
import { Countdown } from './Countdown.tsx';
import { END_SCREEN_TEXT, useShare } from './endScreen.ts';
import { usePromoToast } from './usePromoToast.ts';
import { useSession } from '../stores/session.ts';
import { useT } from '../../../lib/i18n.ts';

const TEXT = {
  label: 'a.end.next',
  share: END_SCREEN_TEXT.share,
  stats: 'game.seeStats',
  archive: 'a.end.next.archive',
  community: 'a.end.next.community',
};

/**
 * After a modal closes (the end screen's stats, say), focus that had nowhere to return (the
 * guess box it came from is gone) lands on Share instead of the page.
 */
function useFocusAfterModal(target: React.RefObject<HTMLElement | null>) {
  const modal = useUi((s) => s.modal);
  const wasOpen = useRef(modal !== null);
  useEffect(() => {
    const closed = wasOpen.current && modal === null;
    wasOpen.current = modal !== null;
    if (!closed) return;
    // After the dialog's own focus return has run.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) target.current?.focus();
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [modal, target]);
}

/**
 * Share, See Stats (the game's end dialog again), another day, a community game: in reading
 * order and in Tab order alike, so that from See Stats the next step is one Tab away (it used
 * to sit under the counters, in the Give Up button's place, a whole page of Tab presses after
 * the links above it).
 */
export function NextSteps() {
  const t = useT();
  const share = useShare();
  const openModal = useUi((s) => s.open);
  const shareButton = useRef<HTMLButtonElement>(null);
  useFocusAfterModal(shareButton);
  return (
    <nav aria-label={t(TEXT.label)} className="mt-5 grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="next-steps">
      <button ref={shareButton} type="button" className="btn btn-primary py-3 text-lg" onClick={share}>
        {t(TEXT.share)}
      </button>
      <button
        type="button"
        className="btn btn-secondary py-3"
        onClick={() => {
          openModal('gameOver');
        }}
      >
        {t(TEXT.stats)}
      </button>
      <Link to="/explore/archive" className="btn btn-secondary py-3 text-center">
        {t(TEXT.archive)}
      </Link>
      <Link to="/explore/community" className="btn btn-secondary py-3 text-center">
        {t(TEXT.community)}
      </Link>
    </nav>
  );
}

/**
 * 'You Survived!' or 'You Erupted!' and the countdown to the next game; and, a game that ended
 * on this screen, the one-time promo toast (here rather than in the game screen: it is no part
 * of the first download).
 */
export function GameResult({ core, won }: { core: Core; won: boolean }) {
  const t = useT();
  usePromoToast(useSession((s) => s.endedHere));
  return (
    <div className="mt-5 grid gap-2 rounded-xl bg-surface p-4">
      <p className="text-center text-2xl font-extrabold" data-testid="result">
        {won ? t('a.end.survived') : t('a.end.erupted')}
      </p>
      <Countdown core={core} />
    </div>
  );
}
