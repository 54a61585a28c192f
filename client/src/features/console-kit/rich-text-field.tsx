import { lazy, Suspense } from 'react';
import type { RichTextProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The rich-text editor, fetched the first time a screen that edits text opens (its own small chunk). */
export function RichTextField(props: RichTextProps) {
  return (
    <Suspense fallback={<p className="admin-loading">Loading the editor…</p>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
