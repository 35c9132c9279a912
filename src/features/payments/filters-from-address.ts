import { MOBILE_OPERATORS, PAYMENT_METHODS } from '../../../domain/statuses';
import type { TransactionFilters } from './api';
import { DATE_RANGE_OPTIONS, STATUS_FILTERS } from './contract';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The transactions list's filters as a link names them (`?status=failed&range=custom&from=…&to=…&method=…&operator=…
 * &institutionId=…&branchId=…&religionId=…&offeringTypeId=…&search=…`): the dashboard's and the statistics' figures open the list behind them this way.
 * Anything unknown is ignored, so a hand-edited address shows the default list rather than an error.
 */
export function filtersFromAddress(params: URLSearchParams, defaults: TransactionFilters): TransactionFilters {
  const filters: TransactionFilters = { ...defaults };
  const status = params.get('status');
  if (status && (STATUS_FILTERS as readonly string[]).includes(status)) filters.status = status as TransactionFilters['status'];
  const range = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  if (range === 'custom' && from && to && DAY.test(from) && DAY.test(to) && from <= to) Object.assign(filters, { range, from, to });
  else if (range && range !== 'custom' && (DATE_RANGE_OPTIONS as readonly string[]).includes(range)) filters.range = range as TransactionFilters['range'];
  const method = params.get('method');
  if (method && (PAYMENT_METHODS as readonly string[]).includes(method)) filters.method = method as TransactionFilters['method'];
  const operator = params.get('operator');
  if (operator && (MOBILE_OPERATORS as readonly string[]).includes(operator)) filters.operator = operator as TransactionFilters['operator'];
  const institutionId = params.get('institutionId');
  if (institutionId && /^[1-9]\d{0,9}$/.test(institutionId)) filters.institutionId = Number(institutionId);
  // The bank dashboard's figures by branch (0: no branch) and by religion.
  const branchId = params.get('branchId');
  if (branchId && /^(0|[1-9]\d{0,8})$/.test(branchId)) filters.branchId = Number(branchId);
  const religionId = params.get('religionId');
  if (religionId && /^[1-9]\d{0,8}$/.test(religionId)) filters.religionId = Number(religionId);
  // A dashboard's recent transaction: its reference (the server searches from 3 characters).
  const search = params.get('search')?.trim();
  if (search && search.length >= 3 && search.length <= 100) filters.search = search;
  // The dashboard's figure by offering type (ADR 075).
  const offeringTypeId = params.get('offeringTypeId');
  if (offeringTypeId && /^[1-9]\d{0,8}$/.test(offeringTypeId)) filters.offeringTypeId = Number(offeringTypeId);
  return filters;
}
