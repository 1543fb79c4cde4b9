/**
 * "Challenge a friend" on the end screen: makes a link to the finished game (its result is
 * stored first: a past day's for challenges only), shares it (the share sheet on a phone, else
 * the clipboard) and shows it to copy by hand. After a game played from a challenge link, a
 * link back to the comparison. The link follows the address in use, as the share and invite
 * links do (`appLink`), whatever the server's `--public-url` says.
 */
import '../../styles/full.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { FIELD_CLASS } from '../../components/Field.tsx';
import { describeError } from '../../lib/describeError.ts';
import { useT } from '../../lib/i18n.ts';
import { appLink } from '../../lib/links.ts';
import { shareResult } from '../../lib/share.ts';
import { challengeFor, createChallenge, type ChallengedGame } from './api.ts';

export function ChallengeButton({ meta, score }: { meta: ChallengedGame; score: number }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const from = challengeFor(meta.key);
  const challenge = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await createChallenge(meta);
      const link = appLink(`/challenge/${made.id}`);
      setUrl(link);
      // The score as digits, as the share text writes it.
      void shareResult(t('b.challenge.message', { score: String(score), url: link }), t('b.challenge.copied'));
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2" data-testid="challenge">
      {from && (
        <Link to={`/challenge/${encodeURIComponent(from)}`} className="btn btn-primary py-3 text-center text-lg">
          {t('b.challenge.compare')}
        </Link>
      )}
      <button type="button" className="btn btn-secondary py-3 text-lg" disabled={busy} onClick={() => void challenge()}>
        {busy ? t('b.challenge.making') : t('b.challenge.button')}
      </button>
      {url && (
        <label className="grid gap-1 text-sm">
          <span className="text-muted">{t('b.challenge.link')}</span>
          <input
            readOnly
            value={url}
            className={FIELD_CLASS}
            data-testid="challenge-url"
            onFocus={(e) => {
              e.currentTarget.select();
            }}
          />
        </label>
      )}
      {error && (
        <p role="alert" className="text-center text-sm text-wrong">
          {error}
        </p>
      )}
    </div>
  );
}
