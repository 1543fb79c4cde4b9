import '../../styles/full.css';
import { TESTIMONIES } from '../../config/site.ts';
import { Modal } from '../../components/Modal.tsx';

export function TestimoniesModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Testimonies" onClose={onClose}>
      <ul className="grid gap-3">
        {TESTIMONIES.map((t) => (
          <li key={t.quote}>
            <blockquote className="rounded-lg bg-surface p-4">
              <p className="italic">“{t.quote}”</p>
              <footer className="mt-2 text-sm text-muted">— {t.author}</footer>
            </blockquote>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
