/** The report form: a reason from a short list and optional details; one report per player. */
import '../../styles/full.css';
import { useId, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { FIELD_CLASS, FormError, SubmitButton } from '../../components/Field.tsx';
import { ApiError } from '../../lib/apiClient.ts';
import { describeError } from '../../lib/describeError.ts';
import { t as translate, useT } from '../../lib/i18n.ts';
import { userKey } from '../../lib/storage.ts';
import { toast } from '../../stores/toasts.ts';
import type { ReportReason } from '../../api/generated/index.ts';
import { MAX_DETAILS, REASONS, reportGame } from './api.ts';

export function ReportDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const detailsId = useId();

  const submit = async () => {
    if (!reason) {
      setError(translate('b.report.pickReason'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const trimmed = details.trim();
      await reportGame(uid, { userKey: userKey(), reason, ...(trimmed ? { details: trimmed } : {}) });
      toast({ title: translate('b.report.sent'), description: translate('b.report.sent.body'), status: 'success', flow: 'report' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'alreadyReported') {
        toast({ title: translate('b.report.already'), description: translate('b.report.already.body'), status: 'info', flow: 'report' });
        onClose();
        return;
      }
      setError(describeError(err)); // shown once, under the form
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('b.report.title')} onClose={onClose}>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('b.report.question')}</legend>
          {REASONS.map(({ reason: value, label }) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => { setReason(value); }} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1">
          <label htmlFor={detailsId} className="text-sm font-semibold">
            {t('b.report.details')}
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
            {t('b.report.length', { n: details.length, max: MAX_DETAILS })}
          </p>
        </div>
        <FormError>{error}</FormError>
        <SubmitButton busy={busy} label={t('b.report.send')} busyLabel={t('b.report.sending')} />
      </form>
    </Modal>
  );
}
