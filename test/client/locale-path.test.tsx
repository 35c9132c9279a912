import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../src/components/ui/language-switch';
import { readLocaleCookie } from '../../src/lib/i18n';
import { switchLocalePath } from '../../src/lib/locale-path';
import { Providers, testQueryClient } from './helpers';

afterEach(() => {
  document.cookie = 'lang=; max-age=0; path=/';
});

describe('locale paths', () => {
  it('switches between the bare Swahili path and the /en path', () => {
    expect(switchLocalePath({ pathname: '/members' }, 'en')).toBe('/en/members');
    expect(switchLocalePath({ pathname: '/en/members' }, 'sw')).toBe('/members');
    expect(switchLocalePath({ pathname: '/' }, 'en')).toBe('/en');
    expect(switchLocalePath({ pathname: '/en' }, 'sw')).toBe('/');
    expect(switchLocalePath({ pathname: '/members/4', search: '?tab=2', hash: '#x' }, 'en')).toBe('/en/members/4?tab=2#x');
    expect(switchLocalePath({ pathname: '/en/search-result', search: '?search=abc' }, 'en')).toBe('/en/search-result?search=abc');
    // A path that merely starts with "en" is Swahili.
    expect(switchLocalePath({ pathname: '/entityDashboard' }, 'en')).toBe('/en/entityDashboard');
  });

  it('keeps the current page and remembers the choice in the lang cookie', () => {
    const router = createMemoryRouter([{ path: '*', element: <LanguageSwitch /> }], { initialEntries: ['/members?tab=2'] });
    render(
      <Providers client={testQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(router.state.location.pathname).toBe('/en/members');
    expect(router.state.location.search).toBe('?tab=2');
    expect(readLocaleCookie()).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    expect(router.state.location.pathname).toBe('/members');
    expect(readLocaleCookie()).toBe('sw');
  });
});
