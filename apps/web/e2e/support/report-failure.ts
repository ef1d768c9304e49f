import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser.js';

// A failing journey prints what its open pages showed at that moment.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    for (const page of await describeOpenPages()) console.log(`open page at the failure: ${page}`);
  });
});
