/**
 * The admins' menu on an explore card (spec §2, §5, §8): Make Daily (after a confirm with a day
 * picker, ./MakeDailyDialog.tsx, loaded when first asked), Approve and Hide. Approve is disabled
 * in the community list (already approved), Hide in the hidden list, Make Daily on a game that
 * already has a daily date. Every list refreshes after an action. The app hands it to the explore
 * cards (src/app/routes/Explore.tsx).
 *
 * Keyboard: the button opens the menu on Enter/Space/ArrowDown (first item) or ArrowUp (last);
 * arrows, Home and End move between items, Escape closes and returns focus to the button, Tab
 * closes. Disabled items stay focusable (`aria-disabled`) so their reason is read out.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { isRefusal, useMakeDaily, useReviewGame } from './api.ts';
import { ApiError } from '../../lib/apiClient.ts';
import type { GameCard } from '../../api/generated/index.ts';
import { formatDate } from '../../lib/dates.ts';
import { serverErrorText } from '../../lib/serverErrors.ts';
import { toast } from '../../stores/toasts.ts';
import { t, useT, withMessages } from '../../lib/i18n.ts';

const MakeDailyDialog = lazy(() => withMessages(import('./MakeDailyDialog.tsx').then((m) => ({ default: m.MakeDailyDialog }))));

export type CardAction = 'makeDaily' | 'approve' | 'hide';

/** The explore list the card is in (features/explore's `ExploreKind`, spelled out here). */
export type CardList = 'archive' | 'community' | 'future' | 'review' | 'denied';

/** Why an action is unavailable on this card, or null when it is available. */
export function disabledReason(action: CardAction, game: GameCard, kind: CardList): string | null {
  if (action === 'makeDaily' && game.daily_date) return t('b.menu.alreadyDaily', { date: formatDate(game.daily_date) });
  if (action === 'approve' && kind === 'community') return t('b.menu.alreadyApproved');
  if (action === 'hide' && kind === 'denied') return t('b.menu.alreadyHidden');
  return null;
}

/** The actions' message ids. */
const LABEL: Record<CardAction, string> = { makeDaily: 'b.menu.makeDaily', approve: 'b.menu.approve', hide: 'b.menu.hide' };
const ACTIONS: CardAction[] = ['makeDaily', 'approve', 'hide'];

function failure(title: string, error: unknown) {
  if (isRefusal(error)) {
    // Forbidden is exactly what the title says; a guest also learns why (e.g. 'Please log in.').
    const why = error instanceof ApiError && error.code === 'unauthorized' ? serverErrorText(error) : '';
    toast({ title: t('error.forbidden'), ...(why ? { description: why } : {}), status: 'error', duration: 5000 });
    return;
  }
  toast({ title, description: serverErrorText(error), status: 'error', duration: 5000 });
}

function useCardActions(uid: string) {
  const review = useReviewGame(uid, {
    onSuccess: (_, approved) => {
      toast({ title: approved ? t('b.menu.approved') : t('b.menu.hidden'), status: 'success' });
    },
    onError: (error) => {
      failure(t('b.menu.reviewFailed'), error);
    },
  });
  const daily = useMakeDaily(uid, {
    onSuccess: ({ date }) => {
      toast({ title: t('b.menu.madeDaily'), description: t('b.menu.madeDailyBody', { date: formatDate(date, { weekday: true }) }), status: 'success', duration: 10_000 });
    },
    // Said in the dialog, which stays open to pick another day.
    onError: () => undefined,
  });
  return { review, daily };
}

export function CardMenu({ game, uid, kind }: { game: GameCard; uid: string; kind: CardList }) {
  const translate = useT();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const { review, daily } = useCardActions(uid);
  const busy = review.isPending || daily.isPending;

  useEffect(() => {
    if (!open) return;
    items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
    };
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : ACTIONS.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = ACTIONS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const run = (action: CardAction) => {
    if (disabledReason(action, game, kind) || busy) return;
    close(true);
    if (action === 'makeDaily') setConfirming(true);
    else review.mutate(action === 'approve');
  };

  return (
    <div ref={root} className="absolute top-2 end-2 z-10">
      <button
        ref={trigger}
        type="button"
        className="btn btn-ghost h-9 w-9 p-0 text-xl leading-none"
        aria-label={translate('b.menu.actionsFor', { prompt: game.prompt })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy}
        disabled={busy}
        data-testid="card-menu-button"
        onKeyDown={onTriggerKey}
        onClick={() => {
          if (open) close(false);
          else openAt(0);
        }}
      >
        <span aria-hidden="true">{busy ? '…' : '⋮'}</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={translate('b.menu.actions')}
          onKeyDown={onMenuKey}
          className="absolute end-0 z-30 mt-1 w-60 overflow-hidden rounded-lg border border-line bg-surface py-1 shadow-xl"
        >
          {ACTIONS.map((action, i) => {
            const reason = disabledReason(action, game, kind);
            return (
              <button
                key={action}
                ref={(el) => {
                  items.current[i] = el;
                }}
                role="menuitem"
                type="button"
                tabIndex={i === focusIndex ? 0 : -1}
                aria-disabled={reason ? true : undefined}
                className={`menu-item ${reason ? 'cursor-not-allowed opacity-60 hover:bg-transparent' : ''}`}
                onClick={() => {
                  run(action);
                }}
              >
                <span className="block font-semibold">{translate(LABEL[action])}</span>
                {reason && <span className="block text-xs text-muted">{reason}</span>}
              </button>
            );
          })}
        </div>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <MakeDailyDialog
            busy={daily.isPending}
            error={daily.error}
            onCancel={() => {
              setConfirming(false);
              daily.reset();
              trigger.current?.focus();
            }}
            onConfirm={(date) => {
              daily.mutate(date, {
                // Only runs while the card is still listed: give the focus back to its menu.
                onSuccess: () => {
                  setConfirming(false);
                  trigger.current?.focus();
                },
              });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
