import { Trans } from '@lingui/react/macro';
import type { SearchTab } from './api';

/** The Transaction / Member tab strip shared by the top-bar panel and the results page. */
export function SearchTabs({ tab, onChange }: { tab: SearchTab; onChange: (tab: SearchTab) => void }) {
  return (
    <div className="tabs" role="tablist">
      <button type="button" role="tab" aria-selected={tab === 'transactions'} onClick={() => onChange('transactions')}>
        <Trans>Transaction</Trans>
      </button>
      <button type="button" role="tab" aria-selected={tab === 'members'} onClick={() => onChange('members')}>
        <Trans>Member</Trans>
      </button>
    </div>
  );
}
