import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_MEMBER_SELECTION } from '../../domain/api/members';
import { memberQueries } from '../../src/features/members/api';
import { type Selection, StaffMemberSelection } from '../../src/features/members/staff-member-selection';
import { activateLocale } from '../../src/lib/i18n';
import { Providers, testQueryClient } from './helpers';

const CHURCH = 7;
const zone = { id: 31, institutionId: CHURCH, name: 'Kanda ya Mashariki', parentId: null, community: null, memberCount: 4 };

function renderBar(selection: Selection, mayMove: boolean) {
  const client = testQueryClient();
  // The church's zones as the server would answer them: the move bar opens without a network.
  client.setQueryData(memberQueries.zones(CHURCH).queryKey, { data: [zone] });
  return render(
    <Providers client={client}>
      <StaffMemberSelection selection={selection} mayExport mayMove={mayMove} onClear={() => {}} onMoved={() => {}} />
    </Providers>,
  );
}

const selectionOf = (count: number): Selection => new Map(Array.from({ length: count }, (_, index) => [index + 1, CHURCH] as const));

describe('the staff members list selection bar', () => {
  it('says how many are selected once, also with the zone move open', async () => {
    await activateLocale('en');
    renderBar(selectionOf(2), true);
    const bar = screen.getByRole('region', { name: 'Selected members' });
    await within(bar).findByRole('group', { name: 'Move the selected members' });
    expect(within(bar).getAllByText('2 selected')).toHaveLength(1);
    expect(within(bar).getAllByRole('status')).toHaveLength(1);
    expect(within(bar).queryByRole('alert')).toBeNull();
    expect((within(bar).getByRole('button', { name: 'Cards of the selected members (PDF)' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it(`warns, in the reader's language, when the selection passes ${MAX_MEMBER_SELECTION} and keeps cards and exports from being asked`, async () => {
    await activateLocale('en');
    const { unmount } = renderBar(selectionOf(MAX_MEMBER_SELECTION + 5), false);
    const bar = screen.getByRole('region', { name: 'Selected members' });
    expect(within(bar).getByRole('alert').textContent).toContain(`Cards and exports take at most ${MAX_MEMBER_SELECTION} members at a time: remove 5 from the selection`);
    for (const name of ['Cards of the selected members (PDF)', 'Export the selected (CSV)', 'Export the selected (Excel)']) expect((within(bar).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    // Clearing stays possible.
    expect((within(bar).getByRole('button', { name: 'Clear the selection' }) as HTMLButtonElement).disabled).toBe(false);
    unmount();

    await activateLocale('sw');
    renderBar(selectionOf(MAX_MEMBER_SELECTION + 5), false);
    expect(screen.getByRole('alert').textContent).toContain(`Kadi na uhamishaji huchukua waumini ${MAX_MEMBER_SELECTION} tu kwa wakati mmoja`);

    // At the limit itself nothing is said.
    renderBar(selectionOf(MAX_MEMBER_SELECTION), false);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
