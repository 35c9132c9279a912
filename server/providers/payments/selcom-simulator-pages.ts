import { escapeHtml } from './selcom-simulator-http';

/**
 * Pages of the Selcom simulator: the "simulated handset" where a person answers a USSD push, and the
 * hosted card page. No scripts (forms post back to the simulator); the handset refreshes itself.
 * They belong to the simulated provider, not to Sadaka, so they are in English only, like a test
 * gateway's pages.
 */

export type HandsetPush = {
  orderId: string;
  vendor: string;
  amount: string;
  currency: string;
  status: string;
  sentAt: string;
  /** What happens without a person (by the phone's last digit or a test script). */
  automatic: string;
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:34rem;color:#1b1b1b}
.phone{border:2px solid #333;border-radius:1.5rem;padding:1rem 1.25rem;background:#f7f7f2}
.push{border:1px solid #bbb;border-radius:.75rem;padding:.75rem;margin:.75rem 0;background:#fff}
.push h3{margin:.1rem 0 .4rem}.meta{color:#555;font-size:.85rem}
form.inline{display:inline}button{font-size:1rem;padding:.45rem 1.1rem;margin:.4rem .4rem 0 0;border-radius:.5rem;border:1px solid #333;cursor:pointer}
button.accept{background:#1f7a3a;color:#fff}button.refuse{background:#a32020;color:#fff}
label{display:block;margin:.6rem 0 .2rem}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
.error{color:#a32020;font-weight:600}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.2rem .4rem;border-bottom:1px solid #ddd;font-size:.85rem}`;

function page(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${refresh}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function renderHandsetPage(input: { phone: string | null; pending: HandsetPush[]; recent: HandsetPush[]; phonesWithPushes: string[] }): string {
  const { phone } = input;
  const finder = `<form method="get" action="/handset"><label for="phone">Phone number (e.g. +255712345678)</label>
<input id="phone" name="phone" value="${escapeHtml(phone ?? '')}" inputmode="tel" autocomplete="tel"><button type="submit">Open handset</button></form>`;
  if (!phone) {
    const phones = input.phonesWithPushes.map((p) => `<li><a href="/handset?phone=${encodeURIComponent(p)}">+${escapeHtml(p)}</a></li>`).join('');
    return page(
      'Simulated handset (Selcom simulator)',
      `<h1>Simulated handset</h1><p>USSD pushes sent through the Selcom simulator. Open a phone to accept or refuse its pushes.</p>${finder}
<h2>Phones with pending pushes</h2><ul>${phones || '<li>None right now.</li>'}</ul>`,
      5,
    );
  }
  const pushes = input.pending
    .map(
      (push) => `<div class="push"><h3>Pay ${escapeHtml(push.currency)} ${escapeHtml(push.amount)} to ${escapeHtml(push.vendor)}?</h3>
<div class="meta">Order ${escapeHtml(push.orderId)} · sent ${escapeHtml(push.sentAt)} · without an answer: ${escapeHtml(push.automatic)}</div>
<form class="inline" method="post" action="/handset/answer"><input type="hidden" name="phone" value="${escapeHtml(phone)}"><input type="hidden" name="order_id" value="${escapeHtml(push.orderId)}"><input type="hidden" name="answer" value="accept"><button class="accept" type="submit">Accept</button></form>
<form class="inline" method="post" action="/handset/answer"><input type="hidden" name="phone" value="${escapeHtml(phone)}"><input type="hidden" name="order_id" value="${escapeHtml(push.orderId)}"><input type="hidden" name="answer" value="refuse"><button class="refuse" type="submit">Refuse</button></form></div>`,
    )
    .join('');
  const rows = input.recent
    .map((push) => `<tr><td>${escapeHtml(push.sentAt)}</td><td>${escapeHtml(push.currency)} ${escapeHtml(push.amount)}</td><td>${escapeHtml(push.status)}</td></tr>`)
    .join('');
  return page(
    `Handset +${phone}`,
    `<div class="phone"><h1>+${escapeHtml(phone)}</h1>${pushes || '<p>No push is waiting for an answer.</p>'}</div>
<h2>Recent pushes</h2><table><tr><th>Sent</th><th>Amount</th><th>Status</th></tr>${rows || '<tr><td colspan="3">None yet.</td></tr>'}</table>
<p><a href="/handset">Other phones</a></p>`,
    3,
  );
}

export function renderCardPage(input: { token: string; vendor: string; amount: string; currency: string; status: string; errors: string[]; holder?: string }): string {
  if (input.status !== 'PENDING') {
    return page('Card payment', `<h1>Card payment</h1><p>This order is ${escapeHtml(input.status.toLowerCase())}.</p>`);
  }
  const errors = input.errors.map((e) => `<p class="error">${escapeHtml(e)}</p>`).join('');
  return page(
    'Card payment (Selcom simulator)',
    `<h1>Pay ${escapeHtml(input.currency)} ${escapeHtml(input.amount)}</h1><p class="meta">to ${escapeHtml(input.vendor)} · simulated card page</p>${errors}
<form method="post" action="/checkout/card/${encodeURIComponent(input.token)}">
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required>
<label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<label for="holder">Name on card</label><input id="holder" name="holder" autocomplete="cc-name" value="${escapeHtml(input.holder ?? '')}">
<button class="accept" type="submit">Pay</button></form>
<form method="post" action="/checkout/card/${encodeURIComponent(input.token)}/cancel"><button class="refuse" type="submit">Cancel</button></form>`,
  );
}

export function renderCardResult(input: { approved: boolean; message: string; returnUrl: string | null }): string {
  const back = input.returnUrl ? `<p><a href="${escapeHtml(input.returnUrl)}">Return to the merchant</a></p>` : '';
  return page('Card payment', `<h1>${input.approved ? 'Payment approved' : 'Payment not approved'}</h1><p>${escapeHtml(input.message)}</p>${back}`);
}
