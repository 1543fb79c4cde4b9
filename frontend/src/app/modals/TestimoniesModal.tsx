import '../../styles/full.css';
import { TESTIMONIES } from '../../config/site.ts';
import { Modal } from '../../components/Modal.tsx';
import { useT } from '../../lib/i18n.ts';

/** The players' own words (not translated); the quotation marks are the interface language's. */
export function TestimoniesModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('a.testimonies.title')} onClose={onClose}>
      <ul className="grid gap-3">
        {TESTIMONIES.map((testimony) => (
          <li key={testimony.quote}>
            <blockquote className="rounded-lg bg-surface p-4">
              <p className="italic" dir="auto">{t('a.testimonies.quote', { quote: testimony.quote })}</p>
              <footer className="mt-2 text-sm text-muted">{t('a.testimonies.author', { author: testimony.author })}</footer>
            </blockquote>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
