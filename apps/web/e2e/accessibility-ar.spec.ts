import { describe, expect, it } from 'vitest';
import { routeProblems, setUpVisitors } from './support/accessibility.js';

/* Issue 15 item 6 in Arabic, right to left: the routes of accessibility.spec.ts, side by side with it. */

const visitors = setUpVisitors();

describe('accessibility in Chromium, right to left', () => {
  it('finds no serious or critical WCAG 2.2 AA violation on any route in ar', async () => {
    expect(await routeProblems(visitors, 'ar')).toEqual([]);
  }, 600_000);
});
