import { useLingui } from '@lingui/react/macro';
import { passwordProblems, passwordRuleMessages } from '../../../domain/password-policy';

const RULES = Object.keys(passwordRuleMessages) as Array<keyof typeof passwordRuleMessages>;

/** Live rules under a new-password field; each turns green as soon as it is met. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t, i18n } = useLingui();
  const problems = new Set(passwordProblems(password));
  return (
    <ul className="password-rules" id={id} aria-live="polite">
      {RULES.map((rule) => {
        const met = !problems.has(rule);
        return (
          <li key={rule} className={met ? 'rule rule-met' : 'rule'} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {i18n._(passwordRuleMessages[rule])}
            <span className="visually-hidden">{met ? t`(done)` : t`(missing)`}</span>
          </li>
        );
      })}
    </ul>
  );
}
