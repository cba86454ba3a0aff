'use client';

import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js, loaded once per key, and only when a form needs it (`/pure` injects nothing on import). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

interface FormProps {
  mode: 'payment' | 'setup';
  submitLabel: string;
  onDone: () => void;
  onCancel: () => void;
}

function ConfirmForm({ mode, submitLabel, onDone, onCancel }: FormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const confirmParams = { return_url: `${window.location.origin}/billing` };
    const result =
      mode === 'payment' ? await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' }) : await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' });
    setBusy(false);
    if (result.error) setError(result.error.message ?? 'The card was not accepted.');
    else onDone();
  };
  return (
    <form className="payment-form" onSubmit={submit}>
      <PaymentElement />
      <div className="copy">
        <button type="submit" disabled={!stripe || busy}>
          {busy ? 'Confirming…' : submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** Card entry with Stripe Elements, for a PaymentIntent (plan checkout) or a SetupIntent (save a card). */
export default function StripeForm({ publishableKey, clientSecret, ...props }: FormProps & { publishableKey: string; clientSecret: string }) {
  const stripePromise = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}
