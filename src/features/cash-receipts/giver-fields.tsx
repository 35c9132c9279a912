import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type RefObject } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { loadPhoneRules } from './desk-data';
import { useFieldError } from './field-error';
import { MemberCombobox } from './member-combobox';
import type { ReceiptFormValues } from './receipt-form-schema';

type GiverFieldsProps = {
  form: UseFormReturn<ReceiptFormValues>;
  idPrefix: string;
  institutionId: number;
  /** A new value per envelope: the member lookup starts empty again. */
  generation: number;
  memberInput: RefObject<HTMLInputElement | null>;
  payerNameInput: RefObject<HTMLInputElement | null>;
  onWalkIn: (typed: string) => void;
};

/**
 * Who gave: a member from the device's cache, a walk-in giver (a name; a phone only if they want
 * an SMS receipt), or nobody — a loose offering from the plate, counted like any other envelope.
 */
export function GiverFields({ form, idPrefix, institutionId, generation, memberInput, payerNameInput, onWalkIn }: GiverFieldsProps) {
  const { t, i18n } = useLingui();
  const control = form.control;
  const giverKind = useWatch({ control, name: 'giverKind' });
  const payerCountry = useWatch({ control, name: 'payerCountry' });
  const memberLabel = i18n._(fieldLabels.memberId);
  const nameLabel = i18n._(fieldLabels.payerName);
  const phoneLabel = i18n._(fieldLabels.payerPhone);
  const memberError = useFieldError(form, 'member', memberLabel);
  const nameError = useFieldError(form, 'payerName', nameLabel);
  const phoneError = useFieldError(form, 'payerPhone', phoneLabel);
  const memberId = `${idPrefix}-member`;
  const payerNameId = `${idPrefix}-payer-name`;
  const payerPhoneId = `${idPrefix}-payer-phone`;
  const payerName = form.register('payerName');

  // A walk-in giver's phone is checked with the phone rules (libphonenumber, loaded on demand):
  // fetch them while the name is being typed, so Save does not wait for them.
  useEffect(() => {
    if (giverKind === 'walkIn') void loadPhoneRules().catch(() => undefined);
  }, [giverKind]);

  return (
    <>
      <fieldset className="segmented" role="radiogroup" aria-label={t`Giver`}>
        <label className={giverKind === 'member' ? 'segment active' : 'segment'}>
          <input type="radio" value="member" {...form.register('giverKind')} />
          <Trans>Member</Trans>
        </label>
        <label className={giverKind === 'walkIn' ? 'segment active' : 'segment'}>
          <input type="radio" value="walkIn" {...form.register('giverKind')} />
          <Trans>Walk-in giver</Trans>
        </label>
        <label className={giverKind === 'loose' ? 'segment active' : 'segment'}>
          <input type="radio" value="loose" {...form.register('giverKind')} />
          <Trans>Loose offering</Trans>
        </label>
      </fieldset>
      {giverKind === 'loose' ? (
        <p className="muted" role="note">
          <Trans>No giver: the plate collection. It is counted per offering type; no SMS receipt is sent.</Trans>
        </p>
      ) : null}
      {giverKind === 'loose' ? null : giverKind === 'member' ? (
        <Field id={memberId} label={memberLabel} error={memberError}>
          <Controller
            control={control}
            name="member"
            render={({ field }) => (
              <MemberCombobox
                key={generation}
                id={memberId}
                institutionId={institutionId}
                value={field.value}
                onChange={field.onChange}
                onWalkIn={onWalkIn}
                inputRef={memberInput}
                invalid={Boolean(memberError)}
                describedBy={memberError ? `${memberId}-error` : undefined}
              />
            )}
          />
        </Field>
      ) : (
        <div className="form-row">
          <Field id={payerNameId} label={nameLabel} error={nameError}>
            <input
              id={payerNameId}
              autoComplete="off"
              aria-invalid={Boolean(nameError)}
              {...payerName}
              ref={(element) => {
                payerName.ref(element);
                payerNameInput.current = element;
              }}
            />
          </Field>
          <Field id={payerPhoneId} label={phoneLabel} error={phoneError} hint={t`Optional. Without a phone no SMS receipt is sent.`}>
            <PhoneInput
              id={payerPhoneId}
              country={payerCountry}
              onCountryChange={(code) => form.setValue('payerCountry', code)}
              aria-invalid={Boolean(phoneError)}
              {...form.register('payerPhone')}
            />
          </Field>
        </div>
      )}
    </>
  );
}
