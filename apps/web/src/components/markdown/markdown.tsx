import { Fragment, type ReactNode, useMemo } from 'react';
import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import { type Block, type Inline, parseMarkdown } from '@/lib/markdown/parse-markdown';

type LinkKind = 'app' | 'anchor' | 'external' | 'contact' | 'unsafe';

/** Only web, mail and phone links, app paths and anchors are links; `javascript:` and the like are text. */
export function classifyHref(href: string): LinkKind {
  if (href.startsWith('#')) return 'anchor';
  if (href.startsWith('/') && !href.startsWith('//')) return 'app';
  if (/^https?:\/\/[^\s/]/i.test(href)) return 'external';
  if (/^(mailto|tel):[^\s]+$/i.test(href)) return 'contact';
  return 'unsafe';
}

const linkClass =
  'font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900 hover:decoration-brand-700';

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => {
    // Inline nodes never reorder, so their position is a stable key.
    const key = index;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.value}</Fragment>;
      case 'strong':
        return (
          <strong key={key} className="font-semibold text-neutral-900">
            {renderInline(node.children)}
          </strong>
        );
      case 'em':
        return <em key={key}>{renderInline(node.children)}</em>;
      case 'code':
        return (
          <code key={key} className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-[0.9em] text-neutral-800">
            {node.value}
          </code>
        );
      case 'link': {
        const children = renderInline(node.children);
        switch (classifyHref(node.href)) {
          case 'app':
            return (
              <LocalizedLink key={key} to={node.href} className={linkClass}>
                {children}
              </LocalizedLink>
            );
          case 'anchor':
          case 'contact':
            return (
              <a key={key} href={node.href} className={linkClass}>
                {children}
              </a>
            );
          case 'external':
            return (
              <a key={key} href={node.href} className={linkClass} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            );
          default:
            return <Fragment key={key}>{children}</Fragment>;
        }
      }
      default:
        return null;
    }
  });
}

const headingClasses: Record<number, string> = {
  1: 'mt-12 text-3xl font-bold',
  2: 'mt-12 text-2xl font-bold',
  3: 'mt-8 text-xl font-semibold',
  4: 'mt-6 text-lg font-semibold',
  5: 'mt-6 text-base font-semibold',
  6: 'mt-6 text-base font-semibold',
};

const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

function renderBlocks(blocks: Block[], headingOffset: number, idPrefix: string): ReactNode {
  return blocks.map((block, index) => {
    const key = index;
    switch (block.type) {
      case 'heading': {
        const level = Math.min(6, block.level + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
        const Tag = `h${level}` as const;
        return (
          <Tag
            key={key}
            id={`${idPrefix}${block.id}`}
            className={cn('scroll-mt-24 text-neutral-900 first:mt-0', headingClasses[level])}
          >
            {renderInline(block.children)}
          </Tag>
        );
      }
      case 'paragraph':
        return (
          <p key={key} className="mt-4 leading-relaxed text-neutral-700 first:mt-0">
            {renderInline(block.children)}
          </p>
        );
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items of a static text never reorder.
          <li key={itemIndex} className="ps-1 leading-relaxed">
            {renderInline(item)}
          </li>
        ));
        return block.ordered ? (
          <ol key={key} start={block.start} className="mt-4 list-decimal space-y-2 ps-6 text-neutral-700">
            {items}
          </ol>
        ) : (
          <ul key={key} className="mt-4 list-disc space-y-2 ps-6 text-neutral-700 marker:text-brand-500">
            {items}
          </ul>
        );
      }
      case 'blockquote':
        return (
          <blockquote
            key={key}
            className="mt-6 rounded-e-card border-s-4 border-brand-400 bg-brand-50/60 px-5 py-4 text-neutral-800"
          >
            {renderBlocks(block.children, headingOffset, idPrefix)}
          </blockquote>
        );
      case 'rule':
        return <hr key={key} className="my-10 border-neutral-200" />;
      case 'table':
        return (
          <div key={key} className="mt-6 overflow-x-auto rounded-card border border-neutral-200">
            <table className="w-full min-w-[32rem] border-collapse text-sm">
              <thead className="bg-neutral-50">
                <tr>
                  {block.header.map((cell, column) => (
                    <th
                      // biome-ignore lint/suspicious/noArrayIndexKey: table columns of a static text never reorder.
                      key={column}
                      scope="col"
                      className={cn(
                        'border-b border-neutral-200 px-4 py-3 font-semibold text-neutral-900',
                        alignClass[block.align[column] ?? 'start'],
                      )}
                    >
                      {renderInline(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: table rows of a static text never reorder.
                  <tr key={rowIndex} className="border-b border-neutral-100 last:border-b-0 align-top">
                    {row.map((cell, column) => (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: table columns of a static text never reorder.
                        key={column}
                        className={cn('px-4 py-3 text-neutral-700', alignClass[block.align[column] ?? 'start'])}
                      >
                        {renderInline(cell)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      default:
        return null;
    }
  });
}

type MarkdownProps = {
  /** Markdown source, or blocks already parsed (e.g. to build a table of contents too). */
  source: string | Block[];
  /** Added to every heading level: 1 renders `##` as <h3> under a section's own <h2>. */
  headingOffset?: number;
  /** Prepended to heading ids, to keep them unique when several texts share a page. */
  idPrefix?: string;
  className?: string;
};

/** Renders repository Markdown as React elements; never injects HTML. */
export function Markdown({ source, headingOffset = 0, idPrefix = '', className }: MarkdownProps) {
  const blocks = useMemo(() => (typeof source === 'string' ? parseMarkdown(source) : source), [source]);
  return <div className={cn('text-base', className)}>{renderBlocks(blocks, headingOffset, idPrefix)}</div>;
}
