import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../../src/features/auth/change-password-form';
import { SignInPage } from '../../src/features/auth/sign-in-page';
import { UsernameForm } from '../../src/features/auth/username-form';
import { Providers, testQueryClient } from './helpers';

// The auth forms, checked without zod, show the words the zod forms showed next to the fields
// people know by name: "<field> can not be empty", "<field> is not valid", the password policy.

const POLICY = 'Password must be at least 8 characters with an upper-case letter, a lower-case letter, a number and a special character';

function renderWithProviders(children: React.ReactNode) {
  return render(
    <Providers client={testQueryClient()}>
      <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>
    </Providers>,
  );
}

describe('auth forms without zod', () => {
  it('sign-in names each empty field and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<SignInPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or username can not be empty')).toBeTruthy();
    expect(screen.getByText('Password can not be empty')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email or username' }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('the reset name is sent trimmed, and a blank one is refused', async () => {
    const sent: string[] = [];
    renderWithProviders(<UsernameForm submitLabel="Send link" busy={false} onSubmit={(name) => sent.push(name)} />);
    const field = screen.getByRole('textbox', { name: 'Email or username' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Email or username can not be empty')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  asha.m ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await vi.waitFor(() => expect(sent).toEqual(['asha.m']));
  });

  it('change password: an empty current password and a weak new one', async () => {
    renderWithProviders(<ChangePasswordForm />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password can not be empty')).toBeTruthy();
    expect(screen.getByText(POLICY)).toBeTruthy();
  });

  it('change password: a confirmation that differs is shown next to its field', async () => {
    renderWithProviders(<ChangePasswordForm />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Sadaka@2026' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Fresh#Start2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Fresh#Start2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords are not the same')).toBeTruthy();
  });
});
