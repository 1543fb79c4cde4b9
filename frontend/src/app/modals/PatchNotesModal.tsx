/** Patch notes, read from the project's CHANGELOG at build time. */
import '../../styles/full.css';
import changelog from '../../../CHANGELOG.md?raw';
import { Modal } from '../../components/Modal.tsx';
import { useT } from '../../lib/i18n.ts';

export interface Release {
  version: string;
  notes: string[];
}

/** `## version` headings with `- note` lines under them; everything else is ignored. */
export function parseChangelog(text: string): Release[] {
  const releases: Release[] = [];
  for (const line of text.split('\n')) {
    const heading = /^##\s+(.+)$/.exec(line);
    if (heading?.[1]) releases.push({ version: heading[1].trim(), notes: [] });
    const note = /^\s*[-*]\s+(.+)$/.exec(line);
    if (note?.[1]) releases.at(-1)?.notes.push(note[1].trim());
  }
  return releases;
}

/** The notes themselves stay in English (docs/i18n.md); the modal around them is translated. */
export function PatchNotesModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('a.patchNotes.title')} onClose={onClose} readOnly>
      <div className="grid gap-4">
        {parseChangelog(changelog).map((r) => (
          <section key={r.version} lang="en" dir="ltr">
            <h3 className="font-bold text-lava-yellow">{r.version}</h3>
            <ul className="mt-1 list-disc ps-5 text-sm">
              {r.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
