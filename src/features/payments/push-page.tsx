import { PushForm } from './push-form';
import './payments.css';

/** /push: the desk sends a push to a member's phone for one or more offerings. */
export function PushPage() {
  return (
    <div className="page push">
      <PushForm compact={false} />
    </div>
  );
}

/** /quick-payments: the desk's fast path, one offering type and one amount. */
export function QuickPaymentsPage() {
  return (
    <div className="page quick-payments">
      <PushForm compact />
    </div>
  );
}
