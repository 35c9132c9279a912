import { describe, expect, it } from 'vitest';
import { NewPassword } from '../../domain/api/auth';
import { passwordProblems } from '../../domain/password-policy';

describe('password policy (spec section 5)', () => {
  it('accepts a password with upper, lower, digit and special of 8+ characters, up to 64 and beyond', () => {
    expect(passwordProblems('Sadaka@2026')).toEqual([]);
    expect(NewPassword.safeParse(`Aa1!${'x'.repeat(60)}`).success).toBe(true);
  });

  it('names each rule a password breaks', () => {
    expect(passwordProblems('short')).toEqual(['length', 'upper', 'digit', 'special']);
    expect(passwordProblems('alllowercase1!')).toEqual(['upper']);
    expect(passwordProblems('ALLUPPERCASE1!')).toEqual(['lower']);
    expect(passwordProblems('NoDigitsHere!')).toEqual(['digit']);
    expect(passwordProblems('NoSpecial123')).toEqual(['special']);
  });

  it('rejects through the shared schema with the policy message id', () => {
    const result = NewPassword.safeParse('password');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('password.policy');
  });
});
