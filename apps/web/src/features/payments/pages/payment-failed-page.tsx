import { PaymentOutcome } from '../components/payment-outcome';

export function PaymentFailedPage() {
  return <PaymentOutcome outcome="failed" />;
}
