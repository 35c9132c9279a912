/** Fixed reference data of the demo bank: branches, faiths, structure levels, currencies. */
export const BANK_DOMAIN = 'sadakabank.co.tz';

export const branchSeeds = [
  { name: 'Dar es Salaam', shortCode: 'DSM', region: 'Dar es Salaam' },
  { name: 'Arusha', shortCode: 'ARU', region: 'Arusha' },
  { name: 'Mwanza', shortCode: 'MWZ', region: 'Mwanza' },
  { name: 'Dodoma', shortCode: 'DOD', region: 'Dodoma' },
  { name: 'Mbeya', shortCode: 'MBY', region: 'Mbeya' },
  { name: 'Zanzibar', shortCode: 'ZNZ', region: 'Mjini Magharibi' },
] as const;
export type BranchCode = (typeof branchSeeds)[number]['shortCode'];

export const religionSeeds = [
  { code: 'christian', nameEn: 'Christian', nameSw: 'Ukristo' },
  { code: 'muslim', nameEn: 'Muslim', nameSw: 'Uislamu' },
] as const;
export type ReligionCode = (typeof religionSeeds)[number]['code'];

/** Rank 1 is the top; the last rank holds the congregations and their members. */
export const levelSeeds: Record<ReligionCode, ReadonlyArray<{ code: string; nameEn: string; nameSw: string }>> = {
  christian: [
    { code: 'union', nameEn: 'Union', nameSw: 'Unioni' },
    { code: 'field', nameEn: 'Field', nameSw: 'Konferensi' },
    { code: 'district', nameEn: 'District', nameSw: 'Mtaa' },
    { code: 'church', nameEn: 'Church', nameSw: 'Kanisa' },
  ],
  muslim: [
    { code: 'council', nameEn: 'National council', nameSw: 'Baraza la taifa' },
    { code: 'region', nameEn: 'Region', nameSw: 'Mkoa' },
    { code: 'district', nameEn: 'District', nameSw: 'Wilaya' },
    { code: 'mosque', nameEn: 'Mosque', nameSw: 'Msikiti' },
  ],
};

/** Values against TZS (the base), 4 decimals, as a bank's board rate might show them. */
export const currencySeeds = [
  { territory: 'Tanzania', alphaCode: 'TZS', numericCode: '834', value: '1.0000' },
  { territory: 'United States', alphaCode: 'USD', numericCode: '840', value: '2585.5000' },
  { territory: 'Kenya', alphaCode: 'KES', numericCode: '404', value: '20.0125' },
  { territory: 'Uganda', alphaCode: 'UGX', numericCode: '800', value: '0.7043' },
  { territory: 'Rwanda', alphaCode: 'RWF', numericCode: '646', value: '1.8212' },
  { territory: 'Burundi', alphaCode: 'BIF', numericCode: '108', value: '0.8745' },
  { territory: 'European Union', alphaCode: 'EUR', numericCode: '978', value: '2810.2500' },
] as const;
