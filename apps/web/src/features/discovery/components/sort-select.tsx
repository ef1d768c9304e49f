import type { SearchSort } from '@marco/contract/search';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { SEARCH_SORTS } from '../utils/search-state';

/** The five sorts of spec §2. */
export function SortSelect({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  const { t } = useTranslation('discovery');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only shrink-0 text-sm font-medium text-neutral-700 sm:not-sr-only">
        {t('sort.label')}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as SearchSort)}
        wrapperClassName="min-w-40 sm:min-w-44"
        className="h-10"
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
