/**
 * The one game form (spec §5): a prompt and ten items, each with comma-separated alternative
 * spellings, and a message under any field the rules or the server refused. The create page and
 * the admins' editor both render it; what differs between them comes in as props: the DOM ids,
 * labels and placeholders (`CREATE_FORM`, `EDIT_FORM`), extra controls after the prompt (the
 * editor's Public switch), a hint under the spellings (the editor's 'n accepted: …'), and the
 * page's own buttons as `children`. The draft, leave guard and autofill stay with the create
 * page; item ids and visibility with the editor.
 */
import type { ReactNode, Ref, SubmitEvent } from 'react';
import { FIELD_CLASS } from './Field.tsx';
import { useT } from '../lib/i18n.ts';

/** How one page names and labels the form's fields (the texts are message ids). */
export interface FormVariant {
  /** DOM id of a field key: `prompt`, `items.{i}.name`, `items.{i}.altSpellings`, `items.{i}.rejectedSpellings`. */
  fieldId: (field: string) => string;
  /** `data-testid` of each item row. */
  itemTestId: string;
  /** The words after 'Item n' in each field's accessible name. */
  nameLabel: string;
  altsLabel: string;
  rejectedLabel: string;
  /** Whether those words show (each field labelled) or are for screen readers (column headings show). */
  visibleItemLabels: boolean;
  /** The prompt as a two-line text area rather than one line. */
  multilinePrompt: boolean;
  promptPlaceholder?: string;
  /** Given the item's number as `{n}`. */
  namePlaceholder?: string;
  altsPlaceholder?: string;
  rejectedPlaceholder?: string;
  /** Under the Items legend. */
  itemsIntro?: string;
}

/** The create page: `create-prompt`, `item-{n}-name`, `item-{n}-alts`, `item-{n}-rejected` (n from 1). */
export const CREATE_FORM: FormVariant = {
  fieldId: (field) => {
    const item = /^items\.(\d+)\.(name|altSpellings|rejectedSpellings)$/.exec(field);
    if (!item) return `create-${field}`;
    const suffix = item[2] === 'name' ? 'name' : item[2] === 'altSpellings' ? 'alts' : 'rejected';
    return `item-${String(Number(item[1]) + 1)}-${suffix}`;
  },
  itemTestId: 'create-item',
  nameLabel: 'b.form.create.name',
  altsLabel: 'b.form.create.alts',
  rejectedLabel: 'b.form.create.rejected',
  visibleItemLabels: false,
  multilinePrompt: false,
  promptPlaceholder: 'b.form.create.promptPlaceholder',
  namePlaceholder: 'b.form.create.namePlaceholder',
  altsPlaceholder: 'b.form.create.altsPlaceholder',
  rejectedPlaceholder: 'b.form.create.rejectedPlaceholder',
};

/** The editor: `edit-prompt`, `edit-items-{i}-name`, `edit-items-{i}-altSpellings`, `edit-items-{i}-rejectedSpellings` (i from 0). */
export const EDIT_FORM: FormVariant = {
  fieldId: (field) => `edit-${field.replaceAll('.', '-')}`,
  itemTestId: 'edit-item',
  nameLabel: 'b.form.edit.name',
  altsLabel: 'b.form.edit.alts',
  rejectedLabel: 'b.form.edit.rejected',
  visibleItemLabels: true,
  multilinePrompt: true,
  altsPlaceholder: 'b.form.edit.none',
  rejectedPlaceholder: 'b.form.edit.none',
  itemsIntro: 'b.form.edit.itemsIntro',
};

/** One item as typed: its name, its comma-separated spellings and those not accepted; `key` keeps the row's identity. */
export interface FormRow {
  key: string | number;
  name: string;
  alts: string;
  rejected: string;
}

interface Props {
  variant: FormVariant;
  prompt: string;
  rows: FormRow[];
  /** The message to show at a field (by field key), if any. */
  messageOf: (field: string) => string | undefined;
  onPrompt: (prompt: string) => void;
  onRow: (index: number, change: Partial<Pick<FormRow, 'name' | 'alts' | 'rejected'>>) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** Controls after the prompt (the editor's Public switch). */
  afterPrompt?: ReactNode;
  /** A line under an item's spellings field (the editor shows what they will be saved as). */
  altsHint?: (alts: string) => string | undefined;
  /** The page's buttons and notices, after the items. */
  children?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Before the prompt (the editor's heading). */
  header?: ReactNode;
}

function Message({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-wrong">
      {text}
    </p>
  );
}

/** A text field of the form: its label, the input, a hint and the field's message. */
function TextField({
  id,
  label,
  value,
  message,
  hint,
  placeholder,
  multiline,
  className,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  message: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  multiline?: boolean;
  className?: string;
  onChange: (value: string) => void;
}) {
  const describedBy = [message ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    autoComplete: 'off',
    placeholder,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    className: `${FIELD_CLASS} ${className ?? ''}`,
  } as const;
  return (
    <div className="min-w-0">
      {label}
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => {
          onChange(e.target.value);
        }} />
      ) : (
        <input {...common} type="text" onChange={(e) => {
          onChange(e.target.value);
        }} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <Message id={`${id}-error`} text={message} />
    </div>
  );
}

export function GameFormView({ variant, prompt, rows, messageOf, onPrompt, onRow, onSubmit, afterPrompt, altsHint, children, formRef, className, header, ...aria }: Props) {
  const t = useT();
  const v = variant;
  const placeholder = (id: string | undefined, values?: Record<string, unknown>) => (id ? t(id, values) : undefined);
  const promptId = v.fieldId('prompt');
  const wordClass = v.visibleItemLabels ? 'mb-1 block text-sm font-semibold' : 'sr-only';
  const itemLabel = (id: string, n: number, word: string) => (
    <label htmlFor={id} className={wordClass}>
      <span className="sr-only">{t('b.form.item', { n })} </span>
      {t(word)}
    </label>
  );
  const itemsMessage = messageOf('items');
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={className} {...aria}>
      {header}
      <div className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5">
        <TextField
          id={promptId}
          label={
            <label htmlFor={promptId} className="mb-2 block font-semibold">
              {t('b.form.prompt')}
            </label>
          }
          value={prompt}
          message={messageOf('prompt')}
          placeholder={placeholder(v.promptPlaceholder)}
          multiline={v.multilinePrompt}
          className="text-lg"
          onChange={onPrompt}
        />
        {afterPrompt}
      </div>

      <fieldset className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
        {/* float: the legend sits inside the card like the prompt's label, not on its border */}
        <legend className="float-start mb-3 w-full font-semibold">{t('b.form.items')}</legend>
        {v.itemsIntro && <p className="clear-both mb-3 text-sm text-muted">{t(v.itemsIntro)}</p>}
        {itemsMessage && <p className="clear-both mb-3 text-sm text-wrong">{itemsMessage}</p>}
        {!v.visibleItemLabels && (
          <div className="clear-both mb-2 hidden grid-cols-[2rem_1fr_1.4fr] gap-3 text-sm text-muted sm:grid" aria-hidden="true">
            <span />
            <span>{t('b.form.answerColumn')}</span>
            <span>{t('b.form.altsColumn')}</span>
          </div>
        )}
        <ol className="clear-both grid gap-3">
          {rows.map((row, i) => {
            const nameField = `items.${String(i)}.name`;
            const altsField = `items.${String(i)}.altSpellings`;
            const nameId = v.fieldId(nameField);
            const altsId = v.fieldId(altsField);
            const rejectedField = `items.${String(i)}.rejectedSpellings`;
            const rejectedId = v.fieldId(rejectedField);
            const n = i + 1;
            return (
              <li key={row.key} className="grid grid-cols-[2rem_1fr] items-start gap-x-3 gap-y-2 sm:grid-cols-[2rem_1fr_1.4fr]" data-testid={v.itemTestId}>
                <span
                  className={`row-span-2 grid h-[2.875rem] w-8 place-items-center rounded-lg bg-surface-2 font-bold tabular-nums sm:row-span-1 ${v.visibleItemLabels ? 'sm:mt-6' : ''}`}
                  aria-hidden="true"
                >
                  {n}
                </span>
                <TextField
                  id={nameId}
                  label={itemLabel(nameId, n, v.nameLabel)}
                  value={row.name}
                  message={messageOf(nameField)}
                  placeholder={placeholder(v.namePlaceholder, { n })}
                  onChange={(name) => {
                    onRow(i, { name });
                  }}
                />
                <TextField
                  id={altsId}
                  label={itemLabel(altsId, n, v.altsLabel)}
                  value={row.alts}
                  message={messageOf(altsField)}
                  hint={altsHint?.(row.alts)}
                  placeholder={placeholder(v.altsPlaceholder)}
                  className="text-sm sm:text-base sm:placeholder:text-muted/50"
                  onChange={(alts) => {
                    onRow(i, { alts });
                  }}
                />
                <div className="col-start-2 sm:col-start-3">
                  <TextField
                    id={rejectedId}
                    label={itemLabel(rejectedId, n, v.rejectedLabel)}
                    value={row.rejected}
                    message={messageOf(rejectedField)}
                    placeholder={placeholder(v.rejectedPlaceholder)}
                    className="text-sm sm:text-base sm:placeholder:text-muted/50"
                    onChange={(rejected) => {
                      onRow(i, { rejected });
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      </fieldset>
      {children}
    </form>
  );
}
