import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SandboxCheckout } from '../../platform/payments/sandbox.js';
import { renderSandboxCheckout, SANDBOX_CHECKOUT_STYLE_SOURCE } from './sandbox-page.js';

const checkout: SandboxCheckout = {
  id: `cs_sandbox_${'a'.repeat(32)}`,
  paymentIntentId: `pi_sandbox_${'a'.repeat(32)}`,
  amountMinor: 12_000,
  currency: 'EUR',
  description: 'A tour in Rome',
  locale: 'ar',
  metadata: { guideName: 'Giulia Romano' },
  successUrl: 'http://localhost:3000/ar/payment/success',
  cancelUrl: 'http://localhost:3000/ar/payment/failed',
  status: 'open',
  paymentStatus: 'unpaid',
  createdAt: new Date('2030-05-10T12:00:00Z'),
  expiresAt: new Date('2030-05-11T12:00:00Z'),
};

describe('the sandbox checkout page', () => {
  const html = renderSandboxCheckout(checkout, `/api/app/payment-sandbox-public/checkout/${checkout.id}`);

  it('has its one style block allowed by the hash the site’s Content-Security-Policy carries', () => {
    const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(blocks).toHaveLength(1);
    const hash = createHash('sha256')
      .update(blocks[0] ?? '')
      .digest('base64');
    expect(SANDBOX_CHECKOUT_STYLE_SOURCE).toBe(`'sha256-${hash}'`);
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('names the site’s icon, so the browser does not ask for a missing /favicon.ico', () => {
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
