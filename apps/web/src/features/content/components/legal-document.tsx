import { ChevronDown, FileText } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/formatting';
import { type Block, parseMarkdown } from '@/lib/markdown/parse-markdown';
import { useLegalDocument } from '../api/get-legal-document';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { type LegalDocumentId, versionOf } from '../legal-versions';

/** "Version 2026-11-01 · In force since 1 November 2026". */
export function DocumentVersion({ document, className }: { document: LegalDocumentId; className?: string }) {
  const { t } = useTranslation('content');
  const locale = useLocale();
  const version = versionOf(document);
  const date = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${version}T00:00:00Z`));
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-500', className)}>
      <FileText aria-hidden="true" className="size-4 text-neutral-400" />
      <span>{t('legal.version', { version })}</span>
      <span aria-hidden="true">·</span>
      <span>{t('legal.effectiveSince', { date })}</span>
    </p>
  );
}

function TableOfContents({ blocks, level }: { blocks: Block[]; level: number }) {
  const { t } = useTranslation('content');
  const headings = blocks.filter(
    (block): block is Extract<Block, { type: 'heading' }> => block.type === 'heading' && block.level === level,
  );
  if (headings.length < 3) return null;
  const links = (
    <ol className="flex flex-col gap-1 text-sm">
      {headings.map((heading) => (
        <li key={heading.id}>
          <a
            href={`#${heading.id}`}
            className="block rounded-control px-3 py-1.5 text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900"
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ol>
  );
  return (
    <nav
      aria-label={t('legal.onThisPage')}
      className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto"
    >
      <details className="group rounded-card border border-neutral-200 bg-surface p-3 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-1 font-semibold text-neutral-900">
          {t('legal.onThisPage')}
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-2">{links}</div>
      </details>
      <div className="hidden lg:block">
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-neutral-500">{t('legal.onThisPage')}</p>
        <div className="mt-3">{links}</div>
      </div>
    </nav>
  );
}

function DocumentSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="document-loading">
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="mt-6 h-7 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/6" />
    </div>
  );
}

type LegalDocumentProps = {
  document: LegalDocumentId;
  /** 1 when the document sits under its own <h2> (the agreements page). */
  headingOffset?: number;
  /** A table of contents beside the text (a list of its main headings). */
  withContents?: boolean;
  showVersion?: boolean;
  /** Prefix of heading ids when several documents share a page. */
  idPrefix?: string;
};

/** A legal document of the current locale: version, optional contents, the text. */
export function LegalDocument({
  document,
  headingOffset = 0,
  withContents = false,
  showVersion = true,
  idPrefix = '',
}: LegalDocumentProps) {
  const { t } = useTranslation('content');
  const locale = useLocale();
  const query = useLegalDocument(document, locale);
  const blocks = useMemo(() => (query.data ? parseMarkdown(query.data) : null), [query.data]);
  useScrollToHash(query.isSuccess);

  let body: ReactNode;
  if (blocks) {
    body = <Markdown source={blocks} headingOffset={headingOffset} idPrefix={idPrefix} />;
  } else if (query.isError) {
    body = (
      <div role="alert" className="rounded-card border border-error-200 bg-error-50 p-5 text-error-800">
        <p className="font-semibold">{t('legal.loadFailedTitle')}</p>
        <p className="mt-1 text-sm">{t('legal.loadFailedText')}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => void query.refetch()}>
          {t('legal.retry')}
        </Button>
      </div>
    );
  } else {
    body = <DocumentSkeleton />;
  }

  const text = (
    <div className="min-w-0 max-w-3xl">
      {showVersion ? <DocumentVersion document={document} className="mb-8" /> : null}
      {body}
    </div>
  );

  if (!withContents) return text;
  return (
    <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
      <div>{blocks ? <TableOfContents blocks={blocks} level={2} /> : null}</div>
      {text}
    </div>
  );
}
