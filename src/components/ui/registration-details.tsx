import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { DetailsList } from './details-list';
import './back-office.css';

export type RegistrationDetailsData = {
  institution?: {
    title: string;
    abbreviation: string;
    religionId: number;
    levelId: number;
    parentId: number | null;
    region: string;
    district: string;
    street: string;
    logoUploadId: number | null;
    /** Answers to the level's custom fields (ADR 047). */
    customFields?: ReadonlyArray<{ fieldId: number; value: string }>;
  };
  bankAccount?: { accountNumber: string; accountName: string; branchId: number | null; branchName?: string | null; currency: string };
  signatories?: ReadonlyArray<{ name: string; phone: string; email: string | null; documentUploadId: number }>;
  defaultUser?: { name: string; phone: string; email: string };
  referralCode?: string | null;
  registrationChannel?: string;
};

/** Names for the ids a registration carries; the caller knows where to find them. */
export type RegistrationNames = {
  religion: (id: number) => string;
  level: (id: number) => string;
  parent: (id: number | null) => string;
  branch: (id: number | null, known?: string | null) => string;
  /** A custom field's label. */
  customField: (id: number) => string;
};

type Props = {
  data: RegistrationDetailsData;
  names: RegistrationNames;
  /** How an uploaded file (signed form, logo) is shown: a name, or open/download buttons for staff. */
  renderDocument: (uploadId: number) => ReactNode;
  /** Shown in a section that has not been filled in yet (the applicant's preview). */
  missingText?: string;
};

/**
 * Everything a church or mosque registration holds, readably: the applicant checks it on
 * /preview and bank staff review the same layout before sending it for approval or approving it.
 */
export function RegistrationDetails({ data, names, renderDocument, missingText }: Props) {
  const { t } = useLingui();
  const uid = useId();
  const channelLabels: Record<string, string> = { online: t`Online`, branch: t`At a bank branch` };
  const missing = missingText ? <p className="muted">{missingText}</p> : null;
  const { institution, bankAccount, signatories, defaultUser } = data;
  return (
    <div className="registration-details">
      <section aria-labelledby={`${uid}-institution`}>
        <h3 id={`${uid}-institution`} className="card-title">
          <Trans>Institution details</Trans>
        </h3>
        {institution ? (
          <DetailsList
            items={[
              { label: t`Title`, value: institution.title },
              { label: t`Abbreviation`, value: institution.abbreviation },
              { label: t`Religion`, value: names.religion(institution.religionId) },
              { label: t`Level`, value: names.level(institution.levelId) },
              { label: t`Parent`, value: institution.parentId === null ? t`None (top level)` : names.parent(institution.parentId) },
              { label: t`Region`, value: institution.region },
              { label: t`District`, value: institution.district },
              { label: t`Street`, value: institution.street },
              { label: t`Logo`, value: institution.logoUploadId === null ? null : renderDocument(institution.logoUploadId) },
              ...(institution.customFields ?? []).map((answer) => ({ label: names.customField(answer.fieldId), value: answer.value })),
            ]}
          />
        ) : (
          missing
        )}
      </section>
      <section aria-labelledby={`${uid}-account`}>
        <h3 id={`${uid}-account`} className="card-title">
          <Trans>Bank account</Trans>
        </h3>
        {bankAccount ? (
          <DetailsList
            items={[
              { label: t`Account number`, value: bankAccount.accountNumber },
              { label: t`Account name`, value: bankAccount.accountName },
              { label: t`Branch`, value: names.branch(bankAccount.branchId, bankAccount.branchName) },
              { label: t`Currency`, value: bankAccount.currency },
            ]}
          />
        ) : (
          missing
        )}
      </section>
      <section aria-labelledby={`${uid}-signatories`}>
        <h3 id={`${uid}-signatories`} className="card-title">
          <Trans>Signatories</Trans>
        </h3>
        {signatories && signatories.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t`Name`}</th>
                  <th scope="col">{t`Phone number`}</th>
                  <th scope="col">{t`Email`}</th>
                  <th scope="col">{t`Signed document`}</th>
                </tr>
              </thead>
              <tbody>
                {signatories.map((signatory, index) => (
                  <tr key={`${signatory.documentUploadId}-${index}`}>
                    <td>{signatory.name}</td>
                    <td>{signatory.phone}</td>
                    <td>{signatory.email ?? '—'}</td>
                    <td>{renderDocument(signatory.documentUploadId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          missing
        )}
      </section>
      <section aria-labelledby={`${uid}-default-user`}>
        <h3 id={`${uid}-default-user`} className="card-title">
          <Trans>Default user</Trans>
        </h3>
        {defaultUser ? (
          <DetailsList
            items={[
              { label: t`Name`, value: defaultUser.name },
              { label: t`Phone number`, value: defaultUser.phone },
              { label: t`Email`, value: defaultUser.email },
            ]}
          />
        ) : (
          missing
        )}
      </section>
      <section aria-labelledby={`${uid}-extras`}>
        <h3 id={`${uid}-extras`} className="card-title">
          <Trans>Referral and channel</Trans>
        </h3>
        {data.registrationChannel ? (
          <DetailsList
            items={[
              { label: t`Referral code`, value: data.referralCode ?? null },
              { label: t`Registration channel`, value: channelLabels[data.registrationChannel] ?? data.registrationChannel },
            ]}
          />
        ) : (
          missing
        )}
      </section>
    </div>
  );
}
