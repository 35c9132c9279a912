import type { SimulatedSms } from './africas-talking-simulator';

/**
 * The "SMS inbox" a person opens to read the codes the product sends (no real phone needed).
 * Plain HTML, no scripts; a meta refresh keeps it current.
 */
export function renderInboxPage(inboxes: Map<string, SimulatedSms[]>, phone: string | null): string {
  const phones = phone ? [phone] : [...inboxes.keys()].sort();
  const sections = phones
    .map((p) => {
      const rows = (inboxes.get(p) ?? [])
        .map(
          (m) =>
            `<li><div class="meta">${escapeHtml(m.receivedAt)} · ${escapeHtml(m.from)} · ${escapeHtml(m.delivery)}</div><div class="body">${escapeHtml(m.message)}</div></li>`,
        )
        .join('');
      return `<section><h2><a href="/inbox?phone=${encodeURIComponent(p)}">${escapeHtml(p)}</a></h2><ol>${rows || '<li>No messages</li>'}</ol></section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SMS inbox (Africa's Talking simulator)</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:40rem}ol{list-style:none;padding:0}
li{border:1px solid #ccc;border-radius:.5rem;padding:.5rem .75rem;margin:.5rem 0}.meta{color:#555;font-size:.8rem}
.body{white-space:pre-wrap;font-size:1.05rem}</style></head>
<body><h1>SMS inbox</h1><p>Simulated handsets: every message sent through the Africa's Talking simulator, newest first.${phone ? ' <a href="/inbox">All phones</a>' : ''}</p>
${sections || '<p>No messages yet.</p>'}</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
