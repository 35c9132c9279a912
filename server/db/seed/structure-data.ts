import type { BranchCode, ReligionCode } from './reference-data';

/**
 * The demo organisational trees. Names are invented; places are real so regions, districts and
 * branches line up the way a customer would expect.
 */
export type NodeSeed = {
  title: string;
  abbreviation: string;
  code: string;
  branch: BranchCode;
  region: string;
  district: string;
  street: string;
  children?: NodeSeed[];
};

export type TreeSeed = { religion: ReligionCode; root: NodeSeed };

/** An institution above the congregations (union, field/region, district) and what it holds. */
const unit = (
  title: string,
  abbreviation: string,
  code: string,
  branch: BranchCode,
  region: string,
  district: string,
  street: string,
  children: NodeSeed[],
): NodeSeed => ({ title, abbreviation, code, branch, region, district, street, children });

/** A congregation: a leaf whose abbreviation is its code. */
const church = (title: string, code: string, branch: BranchCode, region: string, district: string, street: string): NodeSeed => ({
  title,
  abbreviation: code,
  code,
  branch,
  region,
  district,
  street,
});

// One line per institution, indented as the tree: title, abbreviation, code, bank branch, region, district, street.
export const christianTree: TreeSeed = {
  religion: 'christian',
  root: unit('East Coast Tanzania Union', 'ECTU', 'ECTU', 'DSM', 'Dar es Salaam', 'Ilala', 'Mtaa wa Samora', [
    unit('Coastal Field', 'CF', 'ECTU-CF', 'DSM', 'Dar es Salaam', 'Kinondoni', 'Barabara ya Morogoro', [
      unit('Kinondoni District', 'KND', 'CF-KND', 'DSM', 'Dar es Salaam', 'Kinondoni', 'Barabara ya Kawawa', [
        church('Mwenge Church', 'MWG', 'DSM', 'Dar es Salaam', 'Kinondoni', 'Mtaa wa Mwenge'),
        church('Sinza Church', 'SNZ', 'DSM', 'Dar es Salaam', 'Ubungo', 'Sinza Mori'),
      ]),
      unit('Temeke District', 'TMK', 'CF-TMK', 'DSM', 'Dar es Salaam', 'Temeke', 'Barabara ya Kilwa', [
        church('Mbagala Church', 'MBG', 'DSM', 'Dar es Salaam', 'Temeke', 'Mbagala Rangi Tatu'),
        church('Kurasini Church', 'KRS', 'DSM', 'Dar es Salaam', 'Temeke', 'Mtaa wa Kurasini'),
      ]),
    ]),
    unit('Northern Highlands Field', 'NHF', 'ECTU-NHF', 'ARU', 'Arusha', 'Arusha Mjini', 'Barabara ya Sokoine', [
      unit('Arusha Town District', 'ART', 'NHF-ART', 'ARU', 'Arusha', 'Arusha Mjini', 'Mtaa wa Kaloleni', [
        church('Sakina Church', 'SKN', 'ARU', 'Arusha', 'Arusha Mjini', 'Sakina Kwa Idd'),
        church('Njiro Church', 'NJR', 'ARU', 'Arusha', 'Arusha Mjini', 'Njiro Block D'),
      ]),
      unit('Moshi District', 'MSH', 'NHF-MSH', 'ARU', 'Kilimanjaro', 'Moshi Mjini', 'Barabara ya Boma', [
        church('Majengo Church', 'MJG', 'ARU', 'Kilimanjaro', 'Moshi Mjini', 'Mtaa wa Majengo'),
        church('Kiboriloni Church', 'KBR', 'ARU', 'Kilimanjaro', 'Moshi Mjini', 'Kiboriloni Sokoni'),
      ]),
    ]),
  ]),
};

export const muslimTree: TreeSeed = {
  religion: 'muslim',
  root: unit('Mosques Council of Tanzania', 'MCT', 'MCT', 'DOD', 'Dodoma', 'Dodoma Mjini', 'Barabara ya Jamatini', [
    unit('Zanzibar Region', 'ZNZ', 'MCT-ZNZ', 'ZNZ', 'Mjini Magharibi', 'Mjini', 'Darajani', [
      unit('Mjini Magharibi District', 'MMG', 'ZNZ-MMG', 'ZNZ', 'Mjini Magharibi', 'Mjini', 'Mlandege', [
        church('Masjid Mwembetanga', 'MWT', 'ZNZ', 'Mjini Magharibi', 'Mjini', 'Mwembetanga'),
        church('Masjid Malindi', 'MLN', 'ZNZ', 'Mjini Magharibi', 'Mjini', 'Malindi'),
      ]),
    ]),
    unit('Lake Region', 'LKR', 'MCT-LKR', 'MWZ', 'Mwanza', 'Nyamagana', 'Barabara ya Kenyatta', [
      unit('Nyamagana District', 'NYM', 'LKR-NYM', 'MWZ', 'Mwanza', 'Nyamagana', 'Mtaa wa Uhuru', [
        church('Masjid Mabatini', 'MBT', 'MWZ', 'Mwanza', 'Nyamagana', 'Mabatini'),
        church('Masjid Igogo', 'IGG', 'MWZ', 'Mwanza', 'Nyamagana', 'Igogo'),
      ]),
    ]),
    unit('Central and Southern Region', 'CSR', 'MCT-CSR', 'MBY', 'Mbeya', 'Mbeya Mjini', 'Mtaa wa Soko Matola', [
      unit('Mbeya Urban District', 'MBU', 'CSR-MBU', 'MBY', 'Mbeya', 'Mbeya Mjini', 'Mwanjelwa', [church('Masjid Uyole', 'UYL', 'MBY', 'Mbeya', 'Mbeya Mjini', 'Uyole')]),
      unit('Dodoma Urban District', 'DDU', 'CSR-DDU', 'DOD', 'Dodoma', 'Dodoma Mjini', 'Chang\u2019ombe', [
        church('Masjid Chamwino', 'CHW', 'DOD', 'Dodoma', 'Chamwino', 'Chamwino Ikulu'),
      ]),
    ]),
  ]),
};

/** Offering types per congregation; divisions in basis points (church, field, union) summing to 10000. */
export const offeringTypeSeeds: Record<ReligionCode, ReadonlyArray<{ title: string; church: number; field: number; union: number; weight: number }>> = {
  christian: [
    { title: 'Zaka (Tithe)', church: 0, field: 5000, union: 5000, weight: 35 },
    { title: 'Sadaka (Offering)', church: 6000, field: 2500, union: 1500, weight: 40 },
    { title: 'Mfuko wa Ujenzi (Building fund)', church: 10000, field: 0, union: 0, weight: 12 },
    { title: 'Shukrani (Thanksgiving)', church: 7000, field: 2000, union: 1000, weight: 8 },
    { title: 'Misheni (Mission)', church: 2000, field: 3333, union: 4667, weight: 5 },
  ],
  muslim: [
    { title: 'Zakat', church: 5000, field: 2500, union: 2500, weight: 30 },
    { title: 'Sadaqah', church: 7000, field: 2000, union: 1000, weight: 50 },
    { title: 'Waqf', church: 10000, field: 0, union: 0, weight: 12 },
    { title: 'Zakat al-Fitr', church: 8000, field: 1500, union: 500, weight: 8 },
  ],
};

export const zoneNames: Record<ReligionCode, readonly string[]> = {
  christian: ['Kanda ya Amani', 'Kanda ya Upendo', 'Kanda ya Imani', 'Kanda ya Tumaini', 'Kanda ya Neema'],
  muslim: ['Jumuiya ya Mashariki', 'Jumuiya ya Magharibi', 'Jumuiya ya Kati', 'Jumuiya ya Vijana'],
};
