import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OfferingType } from '../../../domain/api/receipts';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { loadPhoneRules, offlineErrorMessage, recordReceipt } from './desk-data';
import { GiverFields } from './giver-fields';
import type { Institution, Recorder } from './institution';
import { OfferingLines } from './offering-lines';
import { emptyReceipt, receiptFormIssues, toReceiptDraft, type ReceiptFormValues } from './receipt-form-schema';
import { ReceiptMetaFields } from './receipt-meta-fields';
import { announceSaved } from './saved-notice';

/** The User Timing entry around the device write of each saved envelope. */
export const RECEIPT_WRITE_MEASURE = 'sadaka:receipt-write';

type ReceiptFormProps = {
  institution: Institution;
  batchId: string | null;
  currency: string;
  defaultDate: string;
  offeringTypes: readonly OfferingType[];
  recorder: Recorder;
};

/** Words for a save that did not reach the device's storage (full disk, closed batch, …). */
function useSaveErrorText() {
  const { t, i18n } = useLingui();
  return (error: unknown) => {
    const known = offlineErrorMessage(error);
    return known ? i18n._(known) : t`The envelope could not be saved on this device. Try again.`;
  };
}

/**
 * One envelope, entered from the keyboard: member (or walk-in giver), offering lines, method, date
 * and note. Save writes it to the device (and its outbox) and starts the next envelope with the
 * cursor back on the member field. The fields below subscribe to their own values and errors, so
 * typing or saving does not re-render the whole form.
 */
export const ReceiptForm = memo(function ReceiptForm({ institution, batchId, currency, defaultDate, offeringTypes, recorder }: ReceiptFormProps) {
  const { t } = useLingui();
  const idPrefix = useId();
  const firstType = offeringTypes[0] ? String(offeringTypes[0].id) : '';
  // Synchronous for a member's envelope: an async check would cost each save a few ms of promise hops.
  const resolver = useMemo(() => issuesResolver<ReceiptFormValues>((values) => receiptFormIssues(values, currency, institution.timeZone)), [currency, institution.timeZone]);
  const form = useForm<ReceiptFormValues>({
    resolver,
    defaultValues: emptyReceipt({ offeringTypeId: firstType, receivedOn: defaultDate }),
  });
  const [generation, setGeneration] = useState(0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saving = useRef(false);
  const memberInput = useRef<HTMLInputElement | null>(null);
  const payerNameInput = useRef<HTMLInputElement | null>(null);
  const saveErrorText = useSaveErrorText();

  // Every new envelope (and the first) starts on the member field.
  useEffect(() => {
    memberInput.current?.focus();
  }, [generation]);

  const save = form.handleSubmit(async (values) => {
    // One save per envelope, even if Enter is pressed twice while the first is being written.
    if (saving.current) return;
    saving.current = true;
    setSaveError(null);
    try {
      const started = performance.now();
      // A walk-in's number becomes E.164 with the phone rules the check has just used (already loaded).
      const phone = values.giverKind === 'walkIn' ? await loadPhoneRules() : null;
      const receipt = await recordReceipt(toReceiptDraft(values, { institution, batchId, currency, recordedBy: recorder }, phone));
      // User Timing: how much of a save is the device write (DevTools and the save-latency bench show it).
      performance.measure(RECEIPT_WRITE_MEASURE, { start: started });
      announceSaved(receipt);
      // The next envelope starts once the confirmation is on screen (a frame later), so the save is
      // confirmed as fast as the device can write it (performance.md: ≤ 50 ms p95).
      requestAnimationFrame(() =>
        setTimeout(() => {
          form.reset(emptyReceipt({ offeringTypeId: firstType, receivedOn: values.receivedOn, method: values.method }));
          setGeneration((value) => value + 1);
          saving.current = false;
        }, 0),
      );
    } catch (error) {
      saving.current = false;
      setSaveError(saveErrorText(error));
    }
  });

  const switchToWalkIn = (typed: string) => {
    const looksLikePhone = /^[+\d\s-]{6,}$/.test(typed.trim());
    form.setValue('giverKind', 'walkIn');
    form.setValue('member', null);
    if (looksLikePhone) form.setValue('payerPhone', typed.trim());
    else form.setValue('payerName', typed.trim());
    setTimeout(() => payerNameInput.current?.focus(), 0);
  };

  return (
    <form className="form receipt-form" noValidate aria-label={t`Envelope`} onSubmit={save} onKeyDown={(event) => saveOnEnter(event, save)}>
      <GiverFields
        form={form}
        idPrefix={idPrefix}
        institutionId={institution.id}
        generation={generation}
        memberInput={memberInput}
        payerNameInput={payerNameInput}
        onWalkIn={switchToWalkIn}
      />
      {offeringTypes.length > 0 ? (
        <OfferingLines form={form} offeringTypes={offeringTypes} currency={currency} idPrefix={idPrefix} />
      ) : (
        <p className="notice notice-error" role="alert">
          <Trans>Offerings is not set, contact church/mosque admin</Trans>
        </p>
      )}
      <ReceiptMetaFields form={form} idPrefix={idPrefix} maxNote={MAX_TEXT_CHARS} />
      {saveError ? (
        <p className="notice notice-error" role="alert">
          {saveError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={offeringTypes.length === 0}>
        <Trans>Save</Trans>
      </button>
    </form>
  );
});

/** Inputs where Enter submits a form (the browser's implicit submission). */
const SUBMITS_ON_ENTER = new Set(['text', 'search', 'tel', 'email', 'number', 'date', 'url', 'password']);

/**
 * Enter in a field saves the envelope from the keydown itself, as the browser's implicit submission
 * would a moment later — but without the keypress, the synthetic click on Save and the submit event
 * it dispatches first, which a slow phone pays for on every envelope (performance.md: ≤ 50 ms).
 * A field that used the Enter (the member list picking a member) has already prevented it.
 */
function saveOnEnter(event: KeyboardEvent<HTMLFormElement>, save: () => Promise<void>): void {
  const field = event.target;
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (!(field instanceof HTMLInputElement) || !SUBMITS_ON_ENTER.has(field.type)) return;
  event.preventDefault();
  void save();
}

