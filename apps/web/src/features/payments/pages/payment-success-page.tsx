import { PaymentOutcome } from '../components/payment-outcome';

export function PaymentSuccessPage() {
  return <PaymentOutcome outcome="success" />;
}
