/** The report form: a reason from a short list and optional details; one report per player. */
import '../../styles/full.css';
import { useId, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { FIELD_CLASS, FormError, SubmitButton } from '../../components/Field.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { userKey } from '../../lib/storage.ts';
import { toast } from '../../stores/toasts.ts';
import type { ReportReason } from '../../api/generated/index.ts';
import { MAX_DETAILS, REASONS, reportGame } from './api.ts';

export function ReportDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const detailsId = useId();

  const submit = async () => {
    if (!reason) {
      setError('Please pick a reason.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const trimmed = details.trim();
      await reportGame(uid, { userKey: userKey(), reason, ...(trimmed ? { details: trimmed } : {}) });
      toast({ title: 'Report sent', description: 'Thanks: an admin will look at this game.', status: 'success', flow: 'report' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'alreadyReported') {
        toast({ title: 'Already reported', description: 'You already reported this game.', status: 'info', flow: 'report' });
        onClose();
        return;
      }
      setError(describeError(err)); // shown once, under the form
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Report this game" onClose={onClose}>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">What is wrong with it?</legend>
          {REASONS.map(({ reason: value, label }) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => { setReason(value); }} />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1">
          <label htmlFor={detailsId} className="text-sm font-semibold">
            Details (optional)
          </label>
          <textarea
            id={detailsId}
            rows={3}
            maxLength={MAX_DETAILS}
            value={details}
            onChange={(e) => { setDetails(e.target.value); }}
            aria-describedby={`${detailsId}-count`}
            className={FIELD_CLASS}
          />
          <p id={`${detailsId}-count`} className="text-xs text-muted">
            {details.length}/{MAX_DETAILS}
          </p>
        </div>
        <FormError>{error}</FormError>
        <SubmitButton busy={busy} label="Send report" busyLabel="Sending…" />
      </form>
    </Modal>
  );
}
