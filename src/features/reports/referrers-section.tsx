import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels, messages } from '../../../domain/messages';
import type { ReferrerKind } from '../../../domain/referrer-rules';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { PhoneInput } from '../../components/ui/phone-input';
import { ApiError, api } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { checkReferrer, REFERRER_IDENTITY } from './referrer-form-rules';
import { Referrer, ReferrerList } from './replies';

const referrersKey = ['reference', 'referrers'] as const;
const referrersQuery = () => queryOptions({ queryKey: referrersKey, queryFn: ({ signal }) => api.get('/referrers', ReferrerList, signal), staleTime: 60_000 });

type Errors = Partial<Record<'name' | 'employeeNo' | 'phone' | 'referralCode' | 'kind', { type: string; message: string }>>;

/** A new referrer: staff by employee number, freelancer by phone; the code is generated when left blank. */
function ReferrerForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: unknown) => api.post('/referrers', input, Referrer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referrersKey }),
  });
  const [kind, setKind] = useState<ReferrerKind>('staff');
  const [values, setValues] = useState({ name: '', employeeNo: '', phone: '', phoneCountry: COUNTRY_CODE, referralCode: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A typed phone may wait for the phone rules: Save stays disabled meanwhile (one referrer per press).
  const [checking, setChecking] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The wire schema's rules, as on the server (referrer-form-rules.ts); issues land beside their fields.
    setChecking(true);
    const checked = await Promise.resolve(checkReferrer({ kind, ...values })).finally(() => setChecking(false));
    if (checked.issues.length > 0) {
      setErrors(Object.fromEntries(checked.issues.map((issue) => [issue.path, { type: 'validate', message: issue.message }])));
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(checked.value);
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors(Object.fromEntries(error.fields.map((field) => [field.path, { type: 'server', message: field.message }])));
        return;
      }
      setFailure(errorText(error, t`You are offline. Connect to the internet and try again.`));
    }
  };

  const nameLabel = i18n._(fieldLabels.name);
  const employeeLabel = i18n._(fieldLabels.employeeNo);
  const phoneLabel = i18n._(fieldLabels.phone);
  const codeLabel = i18n._(fieldLabels.referralCode);
  const identityMessage = (error: Errors[keyof Errors]) => (error?.message === REFERRER_IDENTITY ? i18n._(messages.boReferrerIdentity) : undefined);
  return (
    <InlineForm titleId="referrer-form-title" title={<Trans>New referrer</Trans>} headingLevel={3} failure={failure ?? undefined} busy={checking || create.isPending} onSubmit={submit} onCancel={onDone}>
      <div className="form-row">
        <Field id="referrer-kind" label={t`Staff or freelancer`}>
          <select id="referrer-kind" value={kind} onChange={(event) => setKind(event.target.value as ReferrerKind)}>
            <option value="staff">{t`Staff`}</option>
            <option value="freelancer">{t`Freelancer`}</option>
          </select>
        </Field>
        <Field id="referrer-name" label={nameLabel} error={fieldErrorWords(errors.name, nameLabel)}>
          <input id="referrer-name" value={values.name} onChange={(event) => set('name')(event.target.value)} />
        </Field>
        {kind === 'staff' ? (
          <Field id="referrer-employee" label={employeeLabel} error={identityMessage(errors.employeeNo) ?? fieldErrorWords(errors.employeeNo, employeeLabel)}>
            <input id="referrer-employee" value={values.employeeNo} onChange={(event) => set('employeeNo')(event.target.value)} />
          </Field>
        ) : (
          <Field id="referrer-phone" label={phoneLabel} error={identityMessage(errors.phone) ?? fieldErrorWords(errors.phone, phoneLabel)}>
            <PhoneInput id="referrer-phone" onFocus={preloadPhoneRules} country={values.phoneCountry} onCountryChange={set('phoneCountry')} value={values.phone} onChange={(event) => set('phone')(event.target.value)} />
          </Field>
        )}
        <Field id="referrer-code" label={t`Referral code (optional)`} error={fieldErrorWords(errors.referralCode, codeLabel)} hint={t`Left blank, a code is made for you.`}>
          <input id="referrer-code" value={values.referralCode} onChange={(event) => set('referralCode')(event.target.value)} />
        </Field>
      </div>
    </InlineForm>
  );
}

/** The referrers whose codes registrations carry: bank staff by employee number, freelancers by phone. */
export function ReferrersSection() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const list = useQuery(referrersQuery());
  const [adding, setAdding] = useState(false);
  // Only head-office bank staff add referrers (the server checks the same).
  const canAdd = profile?.level === null && profile.branch === null;
  return (
    <section className="card" aria-labelledby="referrers-heading">
      <div className="section-head">
        <h3 id="referrers-heading" className="card-title">
          <Trans>Referrers</Trans>
        </h3>
        {canAdd && !adding ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setAdding(true)}>
            <Trans>New referrer</Trans>
          </button>
        ) : null}
      </div>
      {adding ? <ReferrerForm onDone={() => setAdding(false)} /> : null}
      {list.data ? (
        <DataTable caption={t`Referrers`} columns={[t`Name`, t`Staff or freelancer`, t`Employee number or phone`, t`Referral code`, t`Created`]}>
          {list.data.data.map((referrer) => (
            <tr key={referrer.id}>
              <td>{referrer.name}</td>
              <td>{referrer.kind === 'staff' ? t`Staff` : t`Freelancer`}</td>
              <td>{referrer.employeeNo ?? referrer.phone ?? '—'}</td>
              <td>{referrer.referralCode}</td>
              <td>
                <DateTime value={referrer.createdAt} dateOnly />
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
