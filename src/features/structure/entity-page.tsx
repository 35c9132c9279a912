import { useParams } from 'react-router-dom';
import { InstitutionProfilePage } from './institution-profile';
import { InstitutionsList } from './institutions-list';

/** /entity lists the churches and mosques in scope; /entity/{id} opens one. */
export function EntityPage() {
  const { id } = useParams();
  const institutionId = id && /^\d+$/.test(id) ? Number(id) : null;
  return institutionId === null ? <InstitutionsList /> : <InstitutionProfilePage key={institutionId} id={institutionId} />;
}
