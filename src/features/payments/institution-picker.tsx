import type { GivingInstitution } from '../../../domain/api/payments';
import { InstitutionSearch } from '../../components/ui/institution-search';
import { paymentQueries } from './api';

/** Finds a church or mosque by name or code (the server still checks it is in the user's scope when the push is sent). */
export function InstitutionPicker({ id, onChoose }: { id: string; onChoose: (institution: GivingInstitution) => void }) {
  return <InstitutionSearch id={id} query={paymentQueries.institutions} onChoose={onChoose} listClassName="combobox-list" />;
}
