/**
 * The result line under the guess box: the newest guess or hint result (../stores/feedback.ts),
 * in the toasts' colours. It is in the page's flow, right under the input, so it covers nothing,
 * and it is the polite live region that announces each result (re-rendered by id, so the same
 * text said twice is announced twice). Its room is kept while empty: the first result moves
 * nothing.
 */
import { TONE } from '../../../components/Toaster.tsx';
import { useFeedback } from '../stores/feedback.ts';

export function ResultLine() {
  const line = useFeedback((s) => s.line);
  return (
    <div role="status" className="mt-2 min-h-10" data-testid="guess-feedback">
      {line && (
        <p key={line.id} data-status={line.status} className={`rounded-lg border-s-4 px-3 py-2 text-white ${TONE[line.status]}`}>
          <span className="font-semibold">{line.title}</span>
          {line.description && <span className="block text-sm opacity-90">{line.description}</span>}
        </p>
      )}
    </div>
  );
}
