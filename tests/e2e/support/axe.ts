import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; nodes: { html: string; failureSummary?: string }[] };

/**
 * axe-core's WCAG 2.0/2.1 A and AA violations on the page as it is, one line each: the rule, then each element's
 * markup and axe's reason, so that a failure says what to mend without a second run. `label` starts each line.
 */
export async function axeViolations(page: Page, label?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `${node.html.slice(0, 160)} (${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''})`);
    return `${label ? `${label}: ` : ''}${violation.id}: ${nodes.join(', ')}`;
  });
}
