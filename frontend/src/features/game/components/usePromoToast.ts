/**
 * The one-time promo toast, 3 s after the first game over (spec §4). It waits for other toasts
 * ("Results copied") to go and gives way to any newer one: one toast at a time.
 */
import { useEffect } from 'react';
import { PROMO } from '../../../config/site.ts';
import { useSettings } from '../../../stores/settings.ts';
import { showWhenQuiet } from '../../../stores/toasts.ts';
import { t } from '../../../lib/i18n.ts';

const PROMO_DELAY_MS = 3000;

export function usePromoToast(ended: boolean) {
  const shown = useSettings((s) => s.promoToastShown);
  const set = useSettings((s) => s.set);
  useEffect(() => {
    if (!ended || shown || !PROMO) return;
    const promo = PROMO;
    const timer = window.setTimeout(() => {
      set('promoToastShown', true);
      // Marking it shown re-runs this effect: the wait must outlive it, so it is not cancelled.
      showWhenQuiet({ title: t(promo.title), description: t(promo.description), status: 'info', duration: 10_000 });
    }, PROMO_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [ended, shown, set]);
}
