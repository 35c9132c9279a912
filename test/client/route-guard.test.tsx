import { msg } from '@lingui/core/macro';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../domain/api/auth';
import { PageGate, SessionLayout } from '../../src/app/session-layout';
import { isPathAllowed } from '../../src/lib/permissions';
import { getToken } from '../../src/lib/session';
import { sessionKeys } from '../../src/lib/session-queries';
import { Providers, makeMenu, makeProfile, testQueryClient } from './helpers';

function page(path: string, text: string, menuPath = path): RouteObject {
  return { path, element: <p>{text}</p>, handle: { title: msg`Test page`, menuPath } };
}

function renderGate(profile: Profile, at: string) {
  const client = testQueryClient();
  client.setQueryData(sessionKeys.menu(profile.id, at.startsWith('/en') ? 'en' : 'sw'), makeMenu());
  const router = createMemoryRouter(
    [
      {
        element: <PageGate profile={profile} />,
        children: [
          page('/members', 'members page'),
          page('/members/:id', 'member details', '/members'),
          page('/en/members', 'english members page', '/members'),
          page('/settings/currencies', 'currencies page'),
          page('/users', 'users page'),
          page('/profile', 'profile page'),
          page('/en/profile', 'english profile page', '/profile'),
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('route guard', () => {
  it('opens a page the stored menu lists, directly or as a child', () => {
    renderGate(makeProfile(), '/members');
    expect(screen.getByText('members page')).toBeTruthy();
  });

  it('opens a child target of the menu', () => {
    renderGate(makeProfile(), '/settings/currencies');
    expect(screen.getByText('currencies page')).toBeTruthy();
  });

  it('opens a parameterised page through its menu entry, in either language', () => {
    renderGate(makeProfile(), '/members/12');
    expect(screen.getByText('member details')).toBeTruthy();
  });

  it('shows the no-permission page for a page the menu does not list', () => {
    renderGate(makeProfile(), '/users');
    expect(screen.queryByText('users page')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Oops! You have No Permission' })).toBeTruthy();
    expect(screen.getByText("Sorry, You don't have permissions to view the page you are looking for")).toBeTruthy();
  });

  it('always allows the profile page', () => {
    renderGate(makeProfile(), '/profile');
    expect(screen.getByText('profile page')).toBeTruthy();
  });

  it('pins a user who must change the password to /profile, keeping the language', () => {
    const router = renderGate(makeProfile({ force_change_password: true }), '/en/members');
    expect(router.state.location.pathname).toBe('/en/profile');
    expect(screen.getByText('english profile page')).toBeTruthy();
  });

  it('ends a session without a stored profile and goes to sign-in', () => {
    localStorage.setItem('sadaka.token', 'orphan-token');
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>sign in</p> },
        { element: <SessionLayout />, children: [page('/members', 'members page')] },
      ],
      { initialEntries: ['/members'] },
    );
    render(
      <Providers client={testQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBeNull();
  });

  it('matches menu paths exactly, not by prefix', () => {
    const menu = makeMenu();
    expect(isPathAllowed('/settings/currencies', menu)).toBe(true);
    expect(isPathAllowed('/settings/religions', menu)).toBe(false);
    expect(isPathAllowed('/search-result', [])).toBe(true);
  });
});
