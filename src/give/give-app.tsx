import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { KnownGiver, PaymentCreated, PaymentInput } from '../../domain/api/payments';
import { AmountsStep } from './amounts-step';
import { ChurchStep } from './church-step';
import type { Flow, Giver } from './give-flow';
import { KnownGiverStep } from './known-giver-step';
import { LanguageToggle } from './language-toggle';
import { NotFoundStep } from './not-found-step';
import { PayStep } from './pay-step';
import { PaymentFollow } from './payment-follow';
import { clearPending, loadPending, paymentIdFromUrl, savePending, type PendingPayment } from './pending-payment';
import { PhoneStep } from './phone-step';
import { StepFocus } from './step-heading';

/** The product's name is the same in every language. */
const brandName = 'Sadaka';

// Registration is the rare path: its form and country list load only when someone chooses it.
const RegisterStep = lazy(() => import('./register-step'));
// So do a member's pledges, behind their SMS code.
const PledgesStep = lazy(() => import('./pledges-step'));

/** Where a fresh load starts: back on the payment this tab was following (a reload, the return from the card page), else the phone. */
export function initialFlow(search: string = window.location.search): Flow {
  const returned = paymentIdFromUrl(search);
  const stored = loadPending();
  if (returned) {
    const pending: PendingPayment = stored?.id === returned ? stored : { id: returned, method: 'card', body: null };
    return { step: 'follow', pending, created: null };
  }
  if (stored) return { step: 'follow', pending: stored, created: null };
  return { step: 'phone', giver: null };
}

/**
 * The giving page: phone → member greeting or "not found" (register / guest) → church or mosque →
 * amounts → payment method → the payment followed to its end. Each step is pushed on the browser's
 * history, so a phone's back button goes one step back instead of leaving the page.
 */
export function GiveApp({ start }: { start?: Flow }) {
  const { t } = useLingui();
  const [stack, setStack] = useState<Flow[]>(() => [start ?? initialFlow()]);
  const [moved, setMoved] = useState(false);
  const flow = stack[stack.length - 1]!;

  useEffect(() => {
    const onPop = () => setStack((previous) => (previous.length > 1 ? previous.slice(0, -1) : previous));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const go = (next: Flow) => {
    setMoved(true);
    setStack((previous) => [...previous, next]);
    window.history.pushState({ giveStep: next.step }, '');
  };
  /** Swaps the current step (going back to it later makes no sense, e.g. the pay step's method). */
  const update = (next: Flow) => setStack((previous) => [...previous.slice(0, -1), next]);
  const back = () => {
    if (stack.length > 1) window.history.back();
  };
  const follow = (created: PaymentCreated, body: PaymentInput) => {
    const pending: PendingPayment = { id: created.id, method: created.method, body };
    savePending(pending);
    if (created.method === 'card' && created.checkoutUrl) {
      // The gateway's card page takes the card and sends the giver back to ?payment=<id>.
      window.location.assign(created.checkoutUrl);
      return;
    }
    setMoved(true);
    // A made payment is never stepped back into: the stack restarts at it.
    setStack([{ step: 'follow', pending, created }]);
  };
  const startOver = () => {
    clearPending();
    if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
    setMoved(true);
    setStack([{ step: 'phone', giver: null }]);
  };
  const asGuest = (giver: Giver) => go({ step: 'church', giver });
  const asMember = (giver: Giver, member: KnownGiver) =>
    go({ step: 'amounts', giver, institution: { ...member.institution, full: null }, memberId: member.memberId, typed: {} });

  return (
    <div className="give">
      <header className="give-top">
        <span className="give-brand" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} focusable="false">
            <path d="M12 21s-8-4.6-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6.4-8 11-8 11z" />
          </svg>
          {brandName}
        </span>
        <LanguageToggle />
      </header>
      <main className="give-main">
        <h1 className="give-title">
          <Trans>Give an offering</Trans>
        </h1>
        <StepFocus.Provider value={moved}>
          {flow.step === 'phone' ? (
            <PhoneStep
              giver={flow.giver}
              onKnown={(giver, members) => go({ step: 'known', giver, members })}
              onUnknown={(giver) => go({ step: 'notFound', giver })}
            />
          ) : null}
          {flow.step === 'known' ? (
            <KnownGiverStep
              members={flow.members}
              onContinue={(member) => asMember(flow.giver, member)}
              onPledges={(member) => go({ step: 'pledges', giver: flow.giver, member })}
              onOtherChurch={() => asGuest(flow.giver)}
              onBack={back}
            />
          ) : null}
          {flow.step === 'pledges' ? (
            <Suspense fallback={<p className="give-card muted">{t`Loading…`}</p>}>
              <PledgesStep
                giver={flow.giver}
                member={flow.member}
                onPay={(institution, pledge, line) =>
                  go({ step: 'pay', giver: flow.giver, institution, memberId: pledge.memberId, lines: [line], typed: {}, method: 'mobile', pledgeId: pledge.id })
                }
                onBack={back}
              />
            </Suspense>
          ) : null}
          {flow.step === 'notFound' ? (
            <NotFoundStep
              phone={flow.giver.phone}
              onRegister={() => go({ step: 'register', giver: flow.giver })}
              onGuest={() => asGuest(flow.giver)}
              onBack={back}
            />
          ) : null}
          {flow.step === 'register' ? (
            <Suspense fallback={<p className="give-card muted">{t`Loading…`}</p>}>
              <RegisterStep
                giver={flow.giver}
                onRegistered={(member) => asMember(flow.giver, member)}
                onGuest={() => asGuest(flow.giver)}
                onBack={back}
              />
            </Suspense>
          ) : null}
          {flow.step === 'church' ? (
            <ChurchStep
              onChoose={(institution) => go({ step: 'amounts', giver: flow.giver, institution: { ...institution, full: institution }, memberId: null, typed: {} })}
              onBack={back}
            />
          ) : null}
          {flow.step === 'amounts' ? (
            <AmountsStep
              institution={flow.institution}
              typed={flow.typed}
              onContinue={(institution, lines, typed) =>
                go({ step: 'pay', giver: flow.giver, institution, memberId: flow.memberId, lines, typed, method: 'mobile' })
              }
              onBack={back}
            />
          ) : null}
          {flow.step === 'pay' ? (
            <PayStep
              giver={flow.giver}
              institution={flow.institution}
              memberId={flow.memberId}
              lines={flow.lines}
              method={flow.method}
              pledgeId={flow.pledgeId}
              onMethod={(method) => update({ ...flow, method })}
              onCreated={follow}
              onBack={back}
            />
          ) : null}
          {flow.step === 'follow' ? (
            <PaymentFollow key={flow.pending.id} pending={flow.pending} created={flow.created} onRetried={follow} onStartOver={startOver} />
          ) : null}
        </StepFocus.Provider>
      </main>
      <footer className="give-foot muted">
        <Trans>Religious Payments Made Easy</Trans>
      </footer>
    </div>
  );
}
