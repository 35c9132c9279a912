import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SMS_CAMPAIGN_KINDS, type SmsCampaignKind, type SmsRecipients } from '../../../domain/api/sms';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { localizedPath, paths } from '../../../domain/paths';
import { toE164 } from '../../../domain/phone';
import { countSegments } from '../../../domain/sms-segments';
import { SMS_PLACEHOLDERS, type SmsPlaceholder } from '../../../domain/sms-placeholders';
import { Field } from '../../components/ui/field';
import { TextAreaWithCounter } from '../../components/ui/text-area-counter';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { showToast } from '../../lib/toast';
import { smsQueries, useSendCampaign } from './api';
import { type ChosenInstitution, InstitutionChooser } from './institution-chooser';
import { KIND_LABELS, PLEDGE_WINDOW_LABELS } from './labels';
import { SMS_TEMPLATES } from './templates';
import { BusyButton } from '../../components/ui/busy-button';

/** Numbers pasted or uploaded: split on anything that is not part of a number. */
function phonesIn(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The composer: who (all, a zone, pledge state, a list or one number), what (templates in Swahili
 * and English, placeholders, a live character and part counter), the cost against the balance,
 * and when (now or scheduled). The server fixes recipients and texts when it accepts the send.
 * Bank staff first choose the church or mosque they send for (and whose balance pays); its balance
 * is then the one shown.
 */
export function SmsComposer({ smsLeft: ownSmsLeft, bankStaff }: { smsLeft: number | null; bankStaff: boolean }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const locale = localeOfPath(useLocation().pathname);
  const [kind, setKind] = useState<SmsCampaignKind>('zone');
  const [zoneId, setZoneId] = useState('');
  const [due, setDue] = useState<'overdue' | '7d'>('overdue');
  const [listText, setListText] = useState('');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [templateId, setTemplateId] = useState<string>(SMS_TEMPLATES[0]!.id);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduleAt, setScheduleAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [institution, setInstitution] = useState<ChosenInstitution | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const senderId = bankStaff ? (institution?.id ?? null) : null;
  const zones = useQuery({ ...smsQueries.zones(senderId), enabled: kind === 'zone' && (!bankStaff || senderId !== null) });
  const wallet = useQuery({ ...smsQueries.wallet(senderId ?? 0), enabled: senderId !== null });
  const smsLeft = bankStaff ? (wallet.data?.smsLeft ?? null) : ownSmsLeft;
  const send = useSendCampaign();

  const count = countSegments(message);
  const listed = phonesIn(listText);
  const badNumbers = listed.filter((value) => toE164(value) === null);
  const zone = zones.data?.data.find((candidate) => String(candidate.id) === zoneId);
  // What the send will cost when the number of people is known here (one wallet unit per message).
  const knownCost = kind === 'phone' ? 1 : kind === 'list' ? new Set(listed).size : kind === 'zone' && zone ? zone.memberCount : null;

  const applyTemplate = (language: 'sw' | 'en') => {
    const template = SMS_TEMPLATES.find((candidate) => candidate.id === templateId);
    if (template) setMessage(template.text[language]);
  };
  const insertPlaceholder = (name: SmsPlaceholder) => {
    const box = messageRef.current;
    const token = `{${name}}`;
    const at = box?.selectionStart ?? message.length;
    setMessage(`${message.slice(0, at)}${token}${message.slice(box?.selectionEnd ?? at)}`);
    box?.focus();
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setListText((before) => [before.trim(), phonesIn(text).join('\n')].filter(Boolean).join('\n'));
    event.target.value = '';
  };

  const recipients = (): SmsRecipients | null => {
    switch (kind) {
      case 'all':
        return { kind };
      case 'zone':
        return zoneId ? { kind, zoneId: Number(zoneId) } : null;
      case 'pledges':
        return { kind, due };
      case 'list':
        return listed.length > 0 && badNumbers.length === 0 ? { kind, phones: listed } : null;
      case 'phone':
        return toE164(phone) ? { kind, phone } : null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (bankStaff && !institution) return setError(t`Choose the church or mosque the SMS is sent for.`);
    const who = recipients();
    if (!who) return setError(t`Choose who receives the SMS: a zone, valid numbers or a number.`);
    if (!message.trim()) return setError(t`Write the message.`);
    if (message.length > MAX_TEXT_CHARS) return setError(t`The message can be at most ${MAX_TEXT_CHARS} characters.`);
    if (when === 'later' && !scheduleAt) return setError(t`Choose when to send it.`);
    try {
      const created = await send.mutateAsync({
        recipients: who,
        message,
        ...(when === 'later' ? { scheduleAt: new Date(scheduleAt).toISOString() } : {}),
        ...(institution ? { institutionId: institution.id } : {}),
      });
      const people = created.recipients;
      showToast({ tone: 'success', message: when === 'later' ? t`Scheduled for ${people} people.` : t`Sending to ${people} people.` });
      navigate(localizedPath(`${paths.sms}/${created.id}`, locale));
    } catch (failure) {
      setError(errorText(failure, t`You are offline. Connect to the internet and try again.`));
    }
  };

  return (
    <form className="card sms-composer" aria-labelledby="sms-composer-title" onSubmit={(event) => void submit(event)} noValidate>
      <h3 id="sms-composer-title" className="card-title">
        <Trans>New SMS</Trans>
      </h3>
      {bankStaff ? (
        <InstitutionChooser
          id="sms-institution"
          chosen={institution}
          onChoose={(next) => {
            setInstitution(next);
            setZoneId('');
          }}
        />
      ) : null}
      <fieldset className="sms-kinds">
        <legend>
          <Trans>Recipients</Trans>
        </legend>
        {SMS_CAMPAIGN_KINDS.map((option) => (
          <label key={option} className="radio">
            <input type="radio" name="sms-kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
            {i18n._(KIND_LABELS[option])}
          </label>
        ))}
      </fieldset>
      {kind === 'zone' ? (
        <Field id="sms-zone" label={t`Zone or group`}>
          <select id="sms-zone" value={zoneId} onChange={(event) => setZoneId(event.target.value)}>
            <option value="">{t`Choose…`}</option>
            {(zones.data?.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {t`${option.name} (${option.memberCount} members)`}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {kind === 'pledges' ? (
        <Field id="sms-due" label={t`Pledge state`}>
          <select id="sms-due" value={due} onChange={(event) => setDue(event.target.value as 'overdue' | '7d')}>
            {(['overdue', '7d'] as const).map((option) => (
              <option key={option} value={option}>
                {i18n._(PLEDGE_WINDOW_LABELS[option])}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {kind === 'list' ? (
        <>
          <Field id="sms-list" label={t`Phone numbers`} hint={t`One per line or separated by commas; you can also upload a text or CSV file.`} error={badNumbers.length > 0 ? t`Not valid numbers: ${badNumbers.slice(0, 5).join(', ')}` : undefined}>
            <textarea id="sms-list" rows={4} value={listText} onChange={(event) => setListText(event.target.value)} aria-describedby="sms-list-hint" />
          </Field>
          <Field id="sms-upload" label={t`Upload numbers`}>
            <input id="sms-upload" type="file" accept=".txt,.csv,text/plain,text/csv" onChange={(event) => void upload(event)} />
          </Field>
        </>
      ) : null}
      {kind === 'phone' ? (
        <Field id="sms-phone" label={t`Phone number`}>
          <input id="sms-phone" type="tel" autoComplete="off" value={phone} onChange={(event) => setPhone(event.target.value)} />
        </Field>
      ) : null}
      <div className="sms-template-row">
        <Field id="sms-template" label={t`Template`}>
          <select id="sms-template" value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
            {SMS_TEMPLATES.map((template) => (
              <option key={template.id} value={template.id}>
                {i18n._(template.label)}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" className="btn" onClick={() => applyTemplate('sw')}>
          <Trans>Use in Swahili</Trans>
        </button>
        <button type="button" className="btn" onClick={() => applyTemplate('en')}>
          <Trans>Use in English</Trans>
        </button>
      </div>
      <div className="sms-placeholders" role="group" aria-label={t`Insert a placeholder`}>
        <span className="muted">
          <Trans>Insert:</Trans>
        </span>
        {SMS_PLACEHOLDERS.map((name) => (
          <button key={name} type="button" className="btn btn-small" onClick={() => insertPlaceholder(name)}>
            {`{${name}}`}
          </button>
        ))}
      </div>
      <Field id="sms-message" label={t`Message`} hint={t`Placeholders are filled for each person: their name, the amount and due date of their nearest open pledge, and your church or mosque.`}>
        <TextAreaWithCounter ref={messageRef} id="sms-message" rows={5} length={message.length} max={MAX_TEXT_CHARS} value={message} onChange={(event) => setMessage(event.target.value)} />
      </Field>
      <p className="sms-meter" data-testid="sms-meter" aria-live="polite">
        {count.encoding === 'gsm7'
          ? t`${count.segments} SMS part(s), standard characters (160 in one part, 153 per part when split); ${count.remaining} left in this part.`
          : t`${count.segments} SMS part(s), special characters such as emoji or curly quotes (70 in one part, 67 per part when split); ${count.remaining} left in this part.`}
      </p>
      <p className="sms-cost" data-testid="sms-cost">
        {knownCost === null ? t`Each person costs one SMS from the balance; the number of people is counted when you send.` : t`This send costs ${knownCost} SMS from the balance.`}{' '}
        {smsLeft === null ? null : t`Balance: ${smsLeft} SMS.`}{' '}
        {smsLeft !== null && knownCost !== null && knownCost > smsLeft ? t`Those beyond the balance wait until it is topped up.` : null}
      </p>
      <fieldset className="sms-when">
        <legend>
          <Trans>When</Trans>
        </legend>
        <label className="radio">
          <input type="radio" name="sms-when" checked={when === 'now'} onChange={() => setWhen('now')} />
          <Trans>Send now</Trans>
        </label>
        <label className="radio">
          <input type="radio" name="sms-when" checked={when === 'later'} onChange={() => setWhen('later')} />
          <Trans>Schedule</Trans>
        </label>
        {when === 'later' ? (
          <Field id="sms-schedule" label={t`Send at`}>
            <input id="sms-schedule" type="datetime-local" value={scheduleAt} onChange={(event) => setScheduleAt(event.target.value)} />
          </Field>
        ) : null}
      </fieldset>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={send.isPending}>
          {when === 'later' ? <Trans>Schedule SMS</Trans> : <Trans>Send SMS</Trans>}
        </BusyButton>
      </div>
    </form>
  );
}
