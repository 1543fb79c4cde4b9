/**
 * The one-time promo toast, 3 s after the first game over (spec §4). It waits for other toasts
 * ("Results copied") to go, and is in the share's flow, so a later "Results copied" replaces it:
 * one toast at a time.
 */
import { useEffect } from 'react';
import { PROMO } from '../../../config/site.ts';
import { useSettings } from '../../../stores/settings.ts';
import { toast, useToasts } from '../../../stores/toasts.ts';
import { t } from '../../../lib/i18n.ts';

const PROMO_DELAY_MS = 3000;

export function usePromoToast(ended: boolean) {
  const shown = useSettings((s) => s.promoToastShown);
  const set = useSettings((s) => s.set);
  useEffect(() => {
    if (!ended || shown || !PROMO) return;
    const promo = PROMO;
    let timer = 0;
    // Again every second while another toast ("Results copied") is showing: one at a time.
    const show = (delay: number) => {
      timer = window.setTimeout(() => {
        if (useToasts.getState().toasts.length > 0) {
          show(1000);
          return;
        }
        set('promoToastShown', true);
        // In the share's flow: "Results copied" replaces it rather than stacking on it.
        toast({ title: t(promo.title), description: t(promo.description), status: 'info', duration: 10_000, flow: 'share' });
      }, delay);
    };
    show(PROMO_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [ended, shown, set]);
}
