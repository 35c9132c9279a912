/**
 * The demo sign-ins, shared by the seed, the start banner, the README and the e2e fixtures.
 * All use DEMO_PASSWORD. The TOTP secret is fixed and public on purpose: it is demo data, and a
 * person must be able to add `secure` to an authenticator app from the banner or the README.
 */
export const DEMO_TOTP_SECRET = 'SADAKADEMOTOTPSECRETKEY234567ABC';

export type DemoUser = {
  username: string;
  name: string;
  role: 'Bank Administrator' | 'Branch Officer' | 'Union Administrator' | 'Church Treasurer' | 'Mosque Administrator';
  /** Branch short code for branch staff, institution code for entity users. */
  branch?: string;
  institution?: string;
  email: string;
  phone: string;
  forceChangePassword: boolean;
  totp: boolean;
  sees: string;
};

export const demoUsers: readonly DemoUser[] = [
  { username: 'admin', name: 'Agnes Mushi', role: 'Bank Administrator', email: 'agnes.mushi@sadakabank.co.tz', phone: '+255754100001', forceChangePassword: false, totp: false, sees: 'everything, both religions; approves requests' },
  { username: 'branch', name: 'Baraka Mrema', role: 'Branch Officer', branch: 'DSM', email: 'baraka.mrema@sadakabank.co.tz', phone: '+255754100002', forceChangePassword: false, totp: false, sees: 'Dar es Salaam branch; makes the pending requests' },
  { username: 'union', name: 'Emmanuel Kimaro', role: 'Union Administrator', institution: 'ECTU', email: 'emmanuel.kimaro@ectu.example.co.tz', phone: '+255754100003', forceChangePassword: false, totp: false, sees: 'East Coast Tanzania Union and all its fields, districts and churches; SMS usage' },
  { username: 'treasurer', name: 'Neema Lyimo', role: 'Church Treasurer', institution: 'MWG', email: 'neema.lyimo@mwenge.example.co.tz', phone: '+255754100004', forceChangePassword: false, totp: false, sees: 'Mwenge Church: members, cash receipts, pledges' },
  { username: 'imam', name: 'Hamisi Athumani', role: 'Mosque Administrator', institution: 'MWT', email: 'hamisi.athumani@mwembetanga.example.co.tz', phone: '+255754100005', forceChangePassword: false, totp: false, sees: 'Masjid Mwembetanga: members, offerings (Zakat, Sadaqah, Waqf)' },
  { username: 'checker', name: 'Joseph Temba', role: 'Bank Administrator', email: 'joseph.temba@sadakabank.co.tz', phone: '+255754100006', forceChangePassword: false, totp: false, sees: 'as admin; a second approver for maker-checker' },
  { username: 'secure', name: 'Grace Mollel', role: 'Bank Administrator', email: 'grace.mollel@sadakabank.co.tz', phone: '+255754100007', forceChangePassword: false, totp: true, sees: 'as admin, with two-factor sign-in (TOTP)' },
  { username: 'newuser', name: 'Upendo Swai', role: 'Church Treasurer', institution: 'SNZ', email: 'upendo.swai@sinza.example.co.tz', phone: '+255754100008', forceChangePassword: true, totp: false, sees: 'Sinza Church; must change the password first' },
  { username: 'sinza', name: 'Daudi Massawe', role: 'Church Treasurer', institution: 'SNZ', email: 'daudi.massawe@sinza.example.co.tz', phone: '+255754100009', forceChangePassword: false, totp: false, sees: 'Sinza Church: members, cash receipts, pledges; answers member transfers to Sinza' },
];

/** otpauth:// link for the `secure` user, for QR generators and authenticator apps. */
export function demoTotpUri(issuer = 'Sadaka'): string {
  return `otpauth://totp/${encodeURIComponent(`${issuer}:secure`)}?secret=${DEMO_TOTP_SECRET}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
