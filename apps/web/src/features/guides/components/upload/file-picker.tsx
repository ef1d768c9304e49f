import { Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

type FilePickerProps = {
  label: string;
  hint: string;
  accept: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  className?: string;
};

/** A file input shown as a drop zone: click or keyboard to browse, or drop files on it. */
export function FilePicker({ label, hint, accept, multiple = false, disabled, onFiles, className }: FilePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <div className={className}>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors',
          'has-[:focus-visible]:border-brand-500 has-[:focus-visible]:bg-brand-50',
          isOver ? 'border-brand-500 bg-brand-50' : 'border-neutral-300 bg-neutral-50 hover:border-brand-400',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-brand-700" />
        <span className="text-sm font-semibold text-brand-800">{label}</span>
        <span id={`${id}-hint`} className="text-xs text-neutral-500">
          {hint}
        </span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="sr-only"
          accept={accept.join(',')}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Choosing the same file again must fire change again.
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </label>
    </div>
  );
}
