import { Trans } from '@lingui/react/macro';
import { InstitutionSearch } from '../../components/ui/institution-search';
import { smsQueries } from './api';

export type ChosenInstitution = { id: number; title: string; code: string };

/**
 * Bank staff name the church or mosque they act for (a send, a top-up): a search over the active
 * institutions of their scope (a branch officer sees only their branch's); once chosen, it stays
 * shown with a way to change it.
 */
export function InstitutionChooser({ id, chosen, onChoose }: { id: string; chosen: ChosenInstitution | null; onChoose: (institution: ChosenInstitution | null) => void }) {
  if (chosen) {
    return (
      <div className="field">
        <span className="field-label" id={`${id}-label`}>
          <Trans>Church or mosque</Trans>
        </span>
        <p aria-labelledby={`${id}-label`} data-testid={`${id}-chosen`}>
          <strong>{chosen.title}</strong> ({chosen.code}){' '}
          <button type="button" className="btn btn-small" onClick={() => onChoose(null)}>
            <Trans>Change</Trans>
          </button>
        </p>
      </div>
    );
  }
  return (
    <InstitutionSearch id={id} query={smsQueries.institutions} onChoose={({ id: chosenId, title, code }) => onChoose({ id: chosenId, title, code })} listClassName="sms-choices" />
  );
}
