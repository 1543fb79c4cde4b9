/** The one-time promo toast, 3 s after the first game over (spec §4). */
import { useEffect } from 'react';
import { PROMO } from '../../../config/site.ts';
import { useSettings } from '../../../stores/settings.ts';
import { toast } from '../../../stores/toasts.ts';
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
      toast({ title: t(promo.title), description: t(promo.description), status: 'info', duration: 10_000 });
    }, PROMO_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [ended, shown, set]);
}
