import type { CurrencyCode } from '@marco/contract/reference';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { currencyLabel } from '@/lib/currency';

/** A row of currency buttons (radio inputs underneath), for choosing in which currency prices show. */
export function CurrencyToggle<Code extends CurrencyCode>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly Code[];
  value: Code;
  onChange: (code: Code) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium text-neutral-700">{legend}</legend>
      <div className="inline-flex rounded-control border border-neutral-300 p-1">
        {options.map((code) => (
          <label
            key={code}
            className={cn(
              'cursor-pointer rounded-[calc(var(--radius-control)-2px)] px-4 py-1.5 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
              value === code ? 'bg-brand-600 text-white' : 'text-neutral-700 hover:bg-neutral-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={code}
              checked={value === code}
              onChange={() => onChange(code)}
              className="sr-only"
            />
            {currencyLabel(code)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
