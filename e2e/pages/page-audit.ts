import AxeBuilder from '@axe-core/playwright';
import type { Page, Request, Response } from '@playwright/test';

export type AxeFinding = { page: string; rule: string; impact: string; targets: string[] };

/** axe-core on what the page shows now; only what blocks people (critical, serious) is returned. */
export async function blockingAxeFindings(page: Page, label: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      page: label,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Listens for what a person would call "the page is broken": console errors, requests that fail on
 * the network and answers of 400 and above. A request the browser itself cancels because the page
 * moved on (net::ERR_ABORTED) is no failure of the page.
 */
export class PageProblems {
  readonly problems: string[] = [];
  where = '';

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.problems.push(`${this.where}: console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.problems.push(`${this.where}: uncaught: ${error.message}`));
    page.on('requestfailed', (request: Request) => {
      const failure = request.failure()?.errorText ?? '';
      if (!failure.includes('ERR_ABORTED')) this.problems.push(`${this.where}: ${request.method()} ${request.url()} failed: ${failure}`);
    });
    page.on('response', (response: Response) => {
      if (response.status() >= 400) this.problems.push(`${this.where}: ${response.request().method()} ${response.url()} answered ${response.status()}`);
    });
  }
}
