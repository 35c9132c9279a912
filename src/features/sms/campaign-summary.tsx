import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SMS_RECIPIENT_STATUSES, type SmsCampaignRow } from '../../../domain/api/sms';
import { StatusBadge } from '../../components/ui/status-badge';
import { KIND_LABELS, PLEDGE_WINDOW_LABELS, RECIPIENT_STATUS_LABELS, RECIPIENT_STATUS_TONES } from './labels';

/** Who a send went to, in words: the kind and its zone, pledge window or number. */
export function campaignTarget(campaign: Pick<SmsCampaignRow, 'kind' | 'target'>, i18n: I18n): string {
  const kind = i18n._(KIND_LABELS[campaign.kind]);
  const target = campaign.target;
  if (campaign.kind === 'pledges' && (target === 'overdue' || target === '7d')) return i18n._(PLEDGE_WINDOW_LABELS[target]);
  return target ? i18n._(msg`${kind}: ${target}`) : kind;
}

/** One badge per state that has people in it ("Delivered 12", "Failed 1"). */
export function CampaignCounts({ campaign }: { campaign: Pick<SmsCampaignRow, 'counts'> }) {
  const { t, i18n } = useLingui();
  return (
    <span className="sms-counts">
      {SMS_RECIPIENT_STATUSES.filter((status) => campaign.counts[status] > 0).map((status) => {
        const state = i18n._(RECIPIENT_STATUS_LABELS[status]);
        const people = campaign.counts[status];
        return <StatusBadge key={status} tone={RECIPIENT_STATUS_TONES[status]} label={t`${state}: ${people}`} />;
      })}
    </span>
  );
}
