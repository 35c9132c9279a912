import type { Descriptor } from './messages-descriptor';

/** Statistics, the offerings report and giving statements (issue 16). Keys are prefixed `st` so the merged `messages` never collides. */
export const statsMessages = {
  stReportOfferings: /*i18n*/ { id: 'stats.report.offerings', message: 'Offerings report' },
  stReportPeriod: /*i18n*/ { id: 'stats.report.period', message: 'From {from} to {to}' },
  stReportAllInstitutions: /*i18n*/ { id: 'stats.report.allInstitutions', message: 'All institutions in your scope' },
  stColOfferingType: /*i18n*/ { id: 'stats.col.offeringType', message: 'Offering type' },
  stColTotal: /*i18n*/ { id: 'stats.col.total', message: 'Total' },
  stColChurch: /*i18n*/ { id: 'stats.col.church', message: 'Church share' },
  stColField: /*i18n*/ { id: 'stats.col.field', message: 'Field share' },
  stColUnion: /*i18n*/ { id: 'stats.col.union', message: 'Union share' },
  stRowTotals: /*i18n*/ { id: 'stats.row.totals', message: 'Totals' },
  stAmountsIn: /*i18n*/ { id: 'stats.amountsIn', message: 'Amounts in {currency}' },
  // Giving statement
  stStatementTitle: /*i18n*/ { id: 'stats.statement.title', message: 'Giving statement {year}' },
  stStatementMember: /*i18n*/ { id: 'stats.statement.member', message: 'Member: {name} ({code})' },
  stStatementPhone: /*i18n*/ { id: 'stats.statement.phone', message: 'Phone: {phone}' },
  stStatementGivings: /*i18n*/ { id: 'stats.statement.givings', message: 'Payments and receipts' },
  stStatementPerType: /*i18n*/ { id: 'stats.statement.perType', message: 'Totals per offering type' },
  stStatementNoMembers: /*i18n*/ { id: 'stats.statement.noMembers', message: 'This congregation has no members.' },
  stStatementNone: /*i18n*/ { id: 'stats.statement.none', message: 'No givings were recorded this year.' },
  stStatementGenerated: /*i18n*/ { id: 'stats.statement.generated', message: 'Issued on {date}. Thank you for your faithful giving.' },
  stColDate: /*i18n*/ { id: 'stats.col.date', message: 'Date' },
  stColReceipt: /*i18n*/ { id: 'stats.col.receipt', message: 'Receipt / reference' },
  stColMethod: /*i18n*/ { id: 'stats.col.method', message: 'Method' },
  stColAmount: /*i18n*/ { id: 'stats.col.amount', message: 'Amount' },
  stMethodMobile: /*i18n*/ { id: 'stats.method.mobile', message: 'Mobile money' },
  stMethodCard: /*i18n*/ { id: 'stats.method.card', message: 'Card' },
  stMethodBank: /*i18n*/ { id: 'stats.method.bank', message: 'Bank transfer' },
  stMethodCash: /*i18n*/ { id: 'stats.method.cash', message: 'Cash' },
  stMethodCheque: /*i18n*/ { id: 'stats.method.cheque', message: 'Cheque' },
} satisfies Record<string, Descriptor>;
