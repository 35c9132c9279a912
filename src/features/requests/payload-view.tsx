import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestDetail, UserEditPayload as UserEditShape } from '../../../domain/api/back-office';
import { DetailsList, type DetailItem } from '../../components/ui/details-list';
import { RegistrationDetails } from '../../components/ui/registration-details';
import { DocumentLinks } from './document-links';
import { useRegistrationNames } from './names';
import { AffiliationPayload, AmendmentPayload, BankAccountPayload, BankUserPayload, readPayload, RegistrationPayload, SmsTopUpPayload, UserEditPayload } from './payloads';

/** Anything the client does not recognise is still shown, field by field, never hidden. */
function RawPayload({ payload }: { payload: Record<string, unknown> }) {
  const items: DetailItem[] = Object.entries(payload).map(([key, value]) => ({
    label: key,
    value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : <code>{JSON.stringify(value)}</code>,
  }));
  return <DetailsList items={items} />;
}

/** The stored payload of a request, rendered for a person: what approving it will do. */
export function PayloadView({ detail }: { detail: RequestDetail }) {
  const { t } = useLingui();
  const names = useRegistrationNames();
  const userChangeItems = (changes: UserEditShape['changes']): DetailItem[] => {
    const items: DetailItem[] = [];
    if (changes.name !== undefined) items.push({ label: t`Name`, value: changes.name });
    if (changes.email !== undefined) items.push({ label: t`Email`, value: changes.email });
    if (changes.phone !== undefined) items.push({ label: t`Phone number`, value: changes.phone });
    if (changes.roleGroupId !== undefined) items.push({ label: t`Role group`, value: names.roleGroup(changes.roleGroupId) });
    if (changes.branchId !== undefined) items.push({ label: t`Branch`, value: changes.branchId === null ? t`No branch (head office)` : names.branch(changes.branchId) });
    return items;
  };
  const documentOf = (uploadId: number) => <DocumentLinks upload={detail.documents.find((doc) => doc.id === uploadId)} />;

  if (detail.type === 'application') {
    const p = readPayload(RegistrationPayload, detail.payload);
    if (p) {
      return (
        <RegistrationDetails
          data={p}
          names={names}
          renderDocument={documentOf}
        />
      );
    }
    const move = readPayload(AffiliationPayload, detail.payload);
    if (move) {
      return (
        <section>
          <h3 className="card-title">
            <Trans>Move under another parent</Trans>
          </h3>
          <DetailsList
            items={[
              { label: t`Institution`, value: detail.title },
              { label: t`Belongs to now`, value: move.fromParentTitle ?? '—' },
              { label: t`New parent`, value: move.toParentTitle },
            ]}
          />
          <p>
            <Trans>Approving moves it and every institution below it; their reports follow the new parent from then on.</Trans>
          </p>
        </section>
      );
    }
    const amendment = readPayload(AmendmentPayload, detail.payload);
    if (amendment) {
      const { changes } = amendment;
      const items: DetailItem[] = [{ label: t`Institution`, value: detail.title }];
      if (changes.title !== undefined) items.push({ label: t`New title`, value: changes.title });
      if (changes.region !== undefined) items.push({ label: t`Region`, value: changes.region });
      if (changes.district !== undefined) items.push({ label: t`District`, value: changes.district });
      if (changes.street !== undefined) items.push({ label: t`Street`, value: changes.street });
      if (changes.defaultUser) {
        items.push({ label: t`New default user`, value: changes.defaultUser.name });
        items.push({ label: t`Default user's phone`, value: changes.defaultUser.phone });
        items.push({ label: t`Default user's email`, value: changes.defaultUser.email });
      }
      return (
        <section>
          <h3 className="card-title">
            <Trans>Change institution details</Trans>
          </h3>
          <DetailsList items={items} />
        </section>
      );
    }
  }
  if (detail.type === 'bank-account') {
    const p = readPayload(BankAccountPayload, detail.payload);
    if (p) {
      return (
        <DetailsList
          items={[
            { label: t`Institution`, value: detail.title },
            { label: t`Account number`, value: p.accountNumber },
            { label: t`Account name`, value: p.accountName },
            { label: t`Branch`, value: names.branch(p.branchId) },
            { label: t`Currency`, value: p.currency },
          ]}
        />
      );
    }
  }
  if (detail.type === 'bank-user') {
    const p = readPayload(BankUserPayload, detail.payload);
    if (p) {
      return (
        <DetailsList
          items={[
            { label: t`Username`, value: p.username },
            { label: t`Name`, value: p.name },
            { label: t`Email`, value: p.email },
            { label: t`Phone number`, value: p.phone },
            { label: t`Role group`, value: names.roleGroup(p.roleGroupId) },
            { label: t`Branch`, value: p.branchId === null ? t`No branch (head office)` : names.branch(p.branchId) },
          ]}
        />
      );
    }
  }
  if (detail.type === 'user-edit') {
    const edit = readPayload(UserEditPayload, detail.payload);
    if (edit) {
      return (
        <>
          <DetailsList items={[{ label: t`User`, value: detail.title }]} />
          <h3 className="card-title">
            <Trans>Changes</Trans>
          </h3>
          <DetailsList items={userChangeItems(edit.changes)} />
        </>
      );
    }
  }
  if (detail.type === 'sms-topup') {
    const p = readPayload(SmsTopUpPayload, detail.payload);
    if (p) {
      return (
        <section>
          <h3 className="card-title">
            <Trans>SMS top-up</Trans>
          </h3>
          <DetailsList
            items={[
              { label: t`Church or mosque`, value: p.institutionTitle },
              { label: t`SMS to add`, value: String(p.amount) },
              { label: t`SMS balance when asked`, value: String(p.smsLeftWhenAsked) },
              ...(p.note ? [{ label: t`Note`, value: p.note }] : []),
            ]}
          />
          <p>
            <Trans>Approving adds these SMS to its balance at once; messages waiting for balance then go out in order.</Trans>
          </p>
        </section>
      );
    }
  }
  return <RawPayload payload={detail.payload} />;
}
