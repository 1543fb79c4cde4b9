import '../../styles/full.css';
import { TESTIMONIES } from '../../config/site.ts';
import { Modal } from '../../components/Modal.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * The players' own words (not translated); the quotation marks are the interface language's.
 * Each is a figure whose caption names its author: a <footer> there was a page footer landmark
 * to assistive technology, three of them in one dialog.
 */
export function TestimoniesModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('a.testimonies.title')} onClose={onClose}>
      <ul className="grid gap-3">
        {TESTIMONIES.map((testimony) => (
          <li key={testimony.quote}>
            <figure className="rounded-lg bg-surface p-4">
              <blockquote>
                <p className="italic" dir="auto">{t('a.testimonies.quote', { quote: testimony.quote })}</p>
              </blockquote>
              <figcaption className="mt-2 text-sm text-muted">{t('a.testimonies.author', { author: testimony.author })}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
