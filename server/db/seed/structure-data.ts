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

const church = (title: string, code: string, branch: BranchCode, region: string, district: string, street: string): NodeSeed => ({
  title,
  abbreviation: code,
  code,
  branch,
  region,
  district,
  street,
});

export const christianTree: TreeSeed = {
  religion: 'christian',
  root: {
    title: 'East Coast Tanzania Union',
    abbreviation: 'ECTU',
    code: 'ECTU',
    branch: 'DSM',
    region: 'Dar es Salaam',
    district: 'Ilala',
    street: 'Mtaa wa Samora',
    children: [
      {
        title: 'Coastal Field',
        abbreviation: 'CF',
        code: 'ECTU-CF',
        branch: 'DSM',
        region: 'Dar es Salaam',
        district: 'Kinondoni',
        street: 'Barabara ya Morogoro',
        children: [
          {
            title: 'Kinondoni District',
            abbreviation: 'KND',
            code: 'CF-KND',
            branch: 'DSM',
            region: 'Dar es Salaam',
            district: 'Kinondoni',
            street: 'Barabara ya Kawawa',
            children: [
              church('Mwenge Church', 'MWG', 'DSM', 'Dar es Salaam', 'Kinondoni', 'Mtaa wa Mwenge'),
              church('Sinza Church', 'SNZ', 'DSM', 'Dar es Salaam', 'Ubungo', 'Sinza Mori'),
            ],
          },
          {
            title: 'Temeke District',
            abbreviation: 'TMK',
            code: 'CF-TMK',
            branch: 'DSM',
            region: 'Dar es Salaam',
            district: 'Temeke',
            street: 'Barabara ya Kilwa',
            children: [
              church('Mbagala Church', 'MBG', 'DSM', 'Dar es Salaam', 'Temeke', 'Mbagala Rangi Tatu'),
              church('Kurasini Church', 'KRS', 'DSM', 'Dar es Salaam', 'Temeke', 'Mtaa wa Kurasini'),
            ],
          },
        ],
      },
      {
        title: 'Northern Highlands Field',
        abbreviation: 'NHF',
        code: 'ECTU-NHF',
        branch: 'ARU',
        region: 'Arusha',
        district: 'Arusha Mjini',
        street: 'Barabara ya Sokoine',
        children: [
          {
            title: 'Arusha Town District',
            abbreviation: 'ART',
            code: 'NHF-ART',
            branch: 'ARU',
            region: 'Arusha',
            district: 'Arusha Mjini',
            street: 'Mtaa wa Kaloleni',
            children: [
              church('Sakina Church', 'SKN', 'ARU', 'Arusha', 'Arusha Mjini', 'Sakina Kwa Idd'),
              church('Njiro Church', 'NJR', 'ARU', 'Arusha', 'Arusha Mjini', 'Njiro Block D'),
            ],
          },
          {
            title: 'Moshi District',
            abbreviation: 'MSH',
            code: 'NHF-MSH',
            branch: 'ARU',
            region: 'Kilimanjaro',
            district: 'Moshi Mjini',
            street: 'Barabara ya Boma',
            children: [
              church('Majengo Church', 'MJG', 'ARU', 'Kilimanjaro', 'Moshi Mjini', 'Mtaa wa Majengo'),
              church('Kiboriloni Church', 'KBR', 'ARU', 'Kilimanjaro', 'Moshi Mjini', 'Kiboriloni Sokoni'),
            ],
          },
        ],
      },
    ],
  },
};

export const muslimTree: TreeSeed = {
  religion: 'muslim',
  root: {
    title: 'Mosques Council of Tanzania',
    abbreviation: 'MCT',
    code: 'MCT',
    branch: 'DOD',
    region: 'Dodoma',
    district: 'Dodoma Mjini',
    street: 'Barabara ya Jamatini',
    children: [
      {
        title: 'Zanzibar Region',
        abbreviation: 'ZNZ',
        code: 'MCT-ZNZ',
        branch: 'ZNZ',
        region: 'Mjini Magharibi',
        district: 'Mjini',
        street: 'Darajani',
        children: [
          {
            title: 'Mjini Magharibi District',
            abbreviation: 'MMG',
            code: 'ZNZ-MMG',
            branch: 'ZNZ',
            region: 'Mjini Magharibi',
            district: 'Mjini',
            street: 'Mlandege',
            children: [
              church('Masjid Mwembetanga', 'MWT', 'ZNZ', 'Mjini Magharibi', 'Mjini', 'Mwembetanga'),
              church('Masjid Malindi', 'MLN', 'ZNZ', 'Mjini Magharibi', 'Mjini', 'Malindi'),
            ],
          },
        ],
      },
      {
        title: 'Lake Region',
        abbreviation: 'LKR',
        code: 'MCT-LKR',
        branch: 'MWZ',
        region: 'Mwanza',
        district: 'Nyamagana',
        street: 'Barabara ya Kenyatta',
        children: [
          {
            title: 'Nyamagana District',
            abbreviation: 'NYM',
            code: 'LKR-NYM',
            branch: 'MWZ',
            region: 'Mwanza',
            district: 'Nyamagana',
            street: 'Mtaa wa Uhuru',
            children: [
              church('Masjid Mabatini', 'MBT', 'MWZ', 'Mwanza', 'Nyamagana', 'Mabatini'),
              church('Masjid Igogo', 'IGG', 'MWZ', 'Mwanza', 'Nyamagana', 'Igogo'),
            ],
          },
        ],
      },
      {
        title: 'Central and Southern Region',
        abbreviation: 'CSR',
        code: 'MCT-CSR',
        branch: 'MBY',
        region: 'Mbeya',
        district: 'Mbeya Mjini',
        street: 'Mtaa wa Soko Matola',
        children: [
          {
            title: 'Mbeya Urban District',
            abbreviation: 'MBU',
            code: 'CSR-MBU',
            branch: 'MBY',
            region: 'Mbeya',
            district: 'Mbeya Mjini',
            street: 'Mwanjelwa',
            children: [church('Masjid Uyole', 'UYL', 'MBY', 'Mbeya', 'Mbeya Mjini', 'Uyole')],
          },
          {
            title: 'Dodoma Urban District',
            abbreviation: 'DDU',
            code: 'CSR-DDU',
            branch: 'DOD',
            region: 'Dodoma',
            district: 'Dodoma Mjini',
            street: 'Chang\u2019ombe',
            children: [church('Masjid Chamwino', 'CHW', 'DOD', 'Dodoma', 'Chamwino', 'Chamwino Ikulu')],
          },
        ],
      },
    ],
  },
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
